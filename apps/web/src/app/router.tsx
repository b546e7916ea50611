import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { EditorLayout, EmptyLayout, StepsChildrenLayout } from './layouts/plain-layouts.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { lazyScreen } from './lazy-screen.ts';
import { NotFound } from './not-found.tsx';
import { RouteGuard } from './route-guard.tsx';
import {
  analytics,
  apps,
  automations,
  customers,
  funnelList,
  funnels,
  orders,
  templates,
} from './screen-modules.ts';

// The header and its menus load with the first signed-in screen, not with the log-in page.
const mainLayout = () => import('./layouts/main-layout.tsx');
const MainLayout = lazyScreen(mainLayout, 'MainLayout');
const StepsLayout = lazyScreen(mainLayout, 'StepsLayout');

const session = () => import('../features/session/screens.ts');
// The log-in form alone: the other session screens' forms bring the contracts (zod).
const LogInScreen = lazyScreen(
  () => import('../features/session/routes/log-in/log-in-screen.tsx'),
  'LogInScreen',
);
const LogOutScreen = lazyScreen(session, 'LogOutScreen');
const SignUpScreen = lazyScreen(session, 'SignUpScreen');
const ForgotPasswordScreen = lazyScreen(session, 'ForgotPasswordScreen');
const NewPasswordScreen = lazyScreen(session, 'NewPasswordScreen');
const SelectAccountScreen = lazyScreen(session, 'SelectAccountScreen');
const ShareFunnelScreen = lazyScreen(session, 'ShareFunnelScreen');

const ProfileScreen = lazyScreen(
  () => import('../features/account/routes/profile/profile-screen.tsx'),
  'ProfileScreen',
);
const AccountSettingsScreen = lazyScreen(
  () => import('../features/account/routes/account-settings/account-settings-screen.tsx'),
  'AccountSettingsScreen',
);
const staff = () => import('../features/staff/screens.ts');
const StaffListScreen = lazyScreen(staff, 'StaffListScreen');
const NewStaffScreen = lazyScreen(staff, 'NewStaffScreen');
const EditStaffScreen = lazyScreen(staff, 'EditStaffScreen');
const PaymentGatewaysScreen = lazyScreen(
  () => import('../features/gateways/routes/payment-gateways/payment-gateways-screen.tsx'),
  'PaymentGatewaysScreen',
);
const MailboxScreen = lazyScreen(
  () => import('../features/mailbox/routes/mailbox/mailbox-screen.tsx'),
  'MailboxScreen',
);
const SmsSettingsScreen = lazyScreen(
  () => import('../features/sms/routes/sms-settings/sms-settings-screen.tsx'),
  'SmsSettingsScreen',
);
const StoreEmailsScreen = lazyScreen(
  () => import('../features/receipts/routes/store-emails/store-emails-screen.tsx'),
  'StoreEmailsScreen',
);

const DeveloperAppsScreen = lazyScreen(
  () => import('../features/developers/routes/developer-apps/developer-apps-screen.tsx'),
  'DeveloperAppsScreen',
);

const FunnelListScreen = lazyScreen(funnelList, 'FunnelListScreen');
const ArchivedFunnelsScreen = lazyScreen(funnelList, 'ArchivedFunnelsScreen');
const FunnelLayout = lazyScreen(funnels, 'FunnelLayout');
const FunnelOverviewScreen = lazyScreen(funnels, 'FunnelOverviewScreen');
const FunnelSettingsScreen = lazyScreen(funnels, 'FunnelSettingsScreen');
const FunnelStepsScreen = lazyScreen(funnels, 'FunnelStepsScreen');
const StepScreen = lazyScreen(funnels, 'StepScreen');
const StepSettingsScreen = lazyScreen(funnels, 'StepSettingsScreen');
const StepProductScreen = lazyScreen(funnels, 'StepProductScreen');

const OrdersScreen = lazyScreen(orders, 'OrdersScreen');
const GetStartedScreen = lazyScreen(templates, 'GetStartedScreen');
const TemplatesGalleryScreen = lazyScreen(templates, 'TemplatesGalleryScreen');

const DiscountsScreen = lazyScreen(
  () => import('../features/store/routes/discounts/discounts-screen.tsx'),
  'DiscountsScreen',
);

const CustomersScreen = lazyScreen(customers, 'CustomersScreen');
const ActivityLayout = lazyScreen(() => import('../features/activity/screens.ts'), 'ActivityLayout');
const DashboardScreen = lazyScreen(analytics, 'DashboardScreen');
const AnalyticsScreen = lazyScreen(analytics, 'AnalyticsScreen');
const FunnelAnalyticsScreen = lazyScreen(analytics, 'FunnelAnalyticsScreen');
const HelpScreen = lazyScreen(() => import('../features/help/routes/help/help-screen.tsx'), 'HelpScreen');

const billing = () => import('../features/billing/screens.ts');
const BillingScreen = lazyScreen(billing, 'BillingScreen');
const ChooseYourPlanScreen = lazyScreen(billing, 'ChooseYourPlanScreen');
const CheckoutScreen = lazyScreen(billing, 'CheckoutScreen');
const PaymentSuccessfulScreen = lazyScreen(billing, 'PaymentSuccessfulScreen');

const AutomationListScreen = lazyScreen(automations, 'AutomationListScreen');
const GlobalAutomationsScreen = lazyScreen(automations, 'GlobalAutomationsScreen');
const ArchivedAutomationsScreen = lazyScreen(automations, 'ArchivedAutomationsScreen');
const FunnelAutomationsScreen = lazyScreen(automations, 'FunnelAutomationsScreen');
const AutomationWorkflowScreen = lazyScreen(automations, 'AutomationWorkflowScreen');

const AppListScreen = lazyScreen(apps, 'AppListScreen');
const AppDetailsScreen = lazyScreen(apps, 'AppDetailsScreen');
const AppConnectRedirectScreen = lazyScreen(apps, 'AppConnectRedirectScreen');
const FunnelAppScreen = lazyScreen(apps, 'FunnelAppScreen');

const integrations = () => import('../features/integrations/screens.ts');
const IntegrationListScreen = lazyScreen(integrations, 'IntegrationListScreen');
const IntegrationDetailsScreen = lazyScreen(integrations, 'IntegrationDetailsScreen');

/** The screens of one funnel, classic (/funnel) or second kind (/wfunnel): spec §2.3. */
function funnelRoutes(kind: 'funnel' | 'wfunnel'): RouteObject {
  const stepChildren: RouteObject[] = [
    { index: true, element: <StepScreen /> },
    { path: 'settings', element: <StepSettingsScreen /> },
    { path: 'product/:productId', element: <StepProductScreen /> },
  ];
  return {
    path: `/${kind}/:id`,
    element: <StepsLayout />,
    children: [
      {
        element: <FunnelLayout />,
        children: [
          { index: true, element: <Navigate to="overview" replace /> },
          { path: 'overview', element: <FunnelOverviewScreen /> },
          { path: 'settings', element: <FunnelSettingsScreen /> },
          { path: 'orders', element: <OrdersScreen /> },
          ...(kind === 'wfunnel'
            ? [
                { path: 'orders/:orderId', element: <OrdersScreen /> },
                { path: 'analytics-v2', element: <FunnelAnalyticsScreen /> },
              ]
            : []),
          { path: 'analytics', element: <FunnelAnalyticsScreen /> },
          { path: 'apps/:appId', element: <FunnelAppScreen /> },
          ...(kind === 'funnel'
            ? [{ path: 'automations/:automation/:email', element: <AutomationWorkflowScreen /> }]
            : [
                { path: 'automations/v2', element: <FunnelAutomationsScreen /> },
                { path: 'automations/v2/:automation', element: <AutomationWorkflowScreen /> },
                { path: 'automations/:automation', element: <AutomationWorkflowScreen /> },
              ]),
          { path: 'steps', element: <FunnelStepsScreen /> },
          { path: 'steps/:step', element: <StepsChildrenLayout />, children: stepChildren },
        ],
      },
    ],
  };
}

const mainRoutes: RouteObject[] = [
  { path: '/get-started', element: <GetStartedScreen /> },
  { path: '/get-started/templates', element: <TemplatesGalleryScreen /> },
  // "The dashboard and help screens show the Activity side panel."
  {
    element: <ActivityLayout />,
    children: [
      { path: '/', element: <DashboardScreen /> },
      { path: '/help', element: <HelpScreen /> },
    ],
  },
  { path: '/funnels', element: <FunnelListScreen /> },
  { path: '/funnels/archive', element: <ArchivedFunnelsScreen /> },
  { path: '/orders', element: <OrdersScreen /> },
  { path: '/customers', element: <CustomersScreen /> },
  { path: '/analytics', element: <AnalyticsScreen /> },
  { path: '/automations', element: <AutomationListScreen /> },
  { path: '/automations/archive', element: <ArchivedAutomationsScreen /> },
  { path: '/automations/global', element: <GlobalAutomationsScreen /> },
  { path: '/automations/:id', element: <AutomationWorkflowScreen /> },
  { path: '/apps', element: <AppListScreen /> },
  { path: '/apps/:id', element: <AppDetailsScreen /> },
  { path: '/apps/:id/connect-redirect', element: <AppConnectRedirectScreen /> },
  { path: '/integrations', element: <IntegrationListScreen /> },
  { path: '/integrations/:id', element: <IntegrationDetailsScreen /> },
  { path: '/store', element: <Navigate to="/store/discounts" replace /> },
  { path: '/store/discounts', element: <DiscountsScreen /> },
  { path: '/developers', element: <Navigate to="/developers/apps" replace /> },
  { path: '/developers/apps', element: <DeveloperAppsScreen /> },
  { path: '/billing', element: <BillingScreen /> },
  { path: '/account', element: <Navigate to="/settings/account" replace /> },
  { path: '/settings', element: <Navigate to="/settings/profile" replace /> },
  { path: '/settings/profile', element: <ProfileScreen /> },
  { path: '/settings/account', element: <AccountSettingsScreen /> },
  { path: '/settings/staff', element: <StaffListScreen /> },
  { path: '/settings/staff/new', element: <NewStaffScreen /> },
  { path: '/settings/staff/edit/:id', element: <EditStaffScreen /> },
  { path: '/settings/mailbox', element: <MailboxScreen /> },
  { path: '/settings/store-emails', element: <StoreEmailsScreen /> },
  { path: '/settings/sms', element: <SmsSettingsScreen /> },
  { path: '/settings/payment-gateways', element: <PaymentGatewaysScreen /> },
  { path: '/settings/billing', element: <BillingScreen /> },
  { path: '/settings/billing/choose-your-plan', element: <ChooseYourPlanScreen /> },
  { path: '/settings/billing/checkout', element: <CheckoutScreen /> },
  { path: '/settings/billing/payment-successful', element: <PaymentSuccessfulScreen /> },
  { path: '*', element: <NotFound /> },
];

/**
 * Spec §2.4 e-mail editor routes: the template and, after it, the open panel (layout/{id}, properties/{id}),
 * `code` and `preview`; `/email-editor/code` and `/email-editor/preview` open those of the e-mail open in
 * this tab. '/preview-user-template/{templateId}?uid&key' is the server's sandboxed page, not a screen.
 */
const emailEditor = () => import('../features/email-editor/screens.ts');
const EmailEditorScreen = lazyScreen(emailEditor, 'EmailEditorScreen');
const EmailEditorShortcut = lazyScreen(emailEditor, 'EmailEditorShortcut') as ComponentType<{
  to: 'code' | 'preview';
}>;
const emailEditorRoutes: RouteObject[] = [
  { path: '/email-editor/funnel/:funnel/:automation/:user/:key/*', element: <EmailEditorScreen /> },
  { path: '/email-editor/wfunnel/:funnel/:automation/:user/:key/*', element: <EmailEditorScreen /> },
  { path: '/email-editor/global/:automation/:user/:key/*', element: <EmailEditorScreen /> },
  { path: '/email-editor/code', element: <EmailEditorShortcut to="code" /> },
  { path: '/email-editor/preview', element: <EmailEditorShortcut to="preview" /> },
];
/**
 * Spec §2.4 page-editor routes: the page (classic funnels too) and, after it, the open panel (layout/{id},
 * settings, properties, {tab}/{id}), the code popup and the preview, so reload and Back keep the place.
 */
const PageEditorScreen = lazyScreen(() => import('../features/page-editor/screens.ts'), 'PageEditorScreen');
const pageEditorRoutes: RouteObject[] = (['wfunnel', 'funnel'] as const).map((kind) => ({
  path: `/page-editor/${kind}/:funnel/steps/:step/pages/:page/:user`,
  element: <PageEditorScreen />,
  children: [
    { index: true, element: null },
    { path: 'layout', element: null },
    { path: 'layout/:id', element: null },
    { path: 'settings', element: null },
    { path: 'properties', element: null },
    { path: 'preview', element: null },
    { path: 'code', element: null },
    { path: 'popups', element: null },
    { path: 'versions', element: null },
    // A popup of the funnel in the same editor, with the same panels below it (spec §2.10).
    { path: 'popup/:popup/*', element: null },
    { path: ':tab/:id', element: null },
  ],
}));

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        // "Open without login: LogIn, SignUp, ShareFunnel, ForgotPassword, PasswordRecovery, NewPassword, SelectAccount."
        element: <EmptyLayout />,
        children: [
          { path: '/log-in', element: <LogInScreen /> },
          { path: '/log-out', element: <LogOutScreen /> },
          { path: '/sign-up', element: <SignUpScreen /> },
          { path: '/share', element: <ShareFunnelScreen /> },
          { path: '/password-recovery', element: <ForgotPasswordScreen /> },
          { path: '/new-password', element: <NewPasswordScreen /> },
          { path: '/select-account', element: <SelectAccountScreen /> },
        ],
      },
      {
        element: <RouteGuard />,
        children: [
          { element: <MainLayout />, children: mainRoutes },
          funnelRoutes('funnel'),
          funnelRoutes('wfunnel'),
          { element: <EditorLayout kind="email" />, children: emailEditorRoutes },
          { element: <EditorLayout kind="page" />, children: pageEditorRoutes },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
