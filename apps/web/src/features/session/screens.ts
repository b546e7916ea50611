export { ForgotPasswordScreen } from './routes/forgot-password/forgot-password-screen.tsx';
export { LogOutScreen } from './routes/log-out/log-out-screen.tsx';
export { NewPasswordScreen } from './routes/new-password/new-password-screen.tsx';
export { SelectAccountScreen } from './routes/select-account/select-account-screen.tsx';
export { ShareFunnelScreen } from './routes/share-funnel/share-funnel-screen.tsx';
export { SignUpScreen } from './routes/sign-up/sign-up-screen.tsx';
