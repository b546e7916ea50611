import { isAdmin } from '@funnelwork/domain/rules';
import {
  ActionIcon,
  Avatar,
  Badge,
  Box,
  Burger,
  Group,
  Menu,
  Stack,
  Text,
  ThemeIcon,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconAffiliate,
  IconBook,
  IconBrandFacebook,
  IconBuildingStore,
  IconCashRegister,
  IconChevronDown,
  IconCreditCard,
  IconDiscount,
  IconFilter,
  IconHelp,
  IconLogout,
  IconMail,
  IconMailForward,
  IconMessage,
  IconMessageCircle,
  IconPlugConnected,
  IconSettings,
  IconSwitchHorizontal,
  IconUser,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { Link, NavLink } from 'react-router';
import { ChangelogWidget } from '../../features/help/components/changelog-widget.tsx';
import { SearchBox } from '../../features/search/components/search-box.tsx';
import { useMe } from '../../features/session/api.ts';
import { useLogOut } from '../../features/session/use-log-out.ts';
import { AppDrawer } from '../../shared/popups.tsx';
import { EXTERNAL_LINKS } from '../external-links.ts';
import { prefetchScreen } from '../screen-modules.ts';
import classes from './app-header.module.css';

/** "Tabs: /get-started, / (Dashboard), /funnels, /orders, /customers, /automations (tagged new), /apps." */
const TABS = [
  { to: '/get-started', label: 'Get started' },
  { to: '/', label: 'Dashboard', end: true },
  { to: '/funnels', label: 'Funnels' },
  { to: '/orders', label: 'Orders' },
  { to: '/customers', label: 'Customers' },
  { to: '/automations', label: 'Automations', isNew: true },
  { to: '/apps', label: 'Apps' },
] as const;

function Tabs({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  return TABS.map((tab) => (
    <NavLink
      key={tab.to}
      to={tab.to}
      end={'end' in tab}
      className={className}
      onClick={onNavigate}
      onMouseEnter={() => prefetchScreen(tab.to)}
      onFocus={() => prefetchScreen(tab.to)}
    >
      {tab.label}
      {'isNew' in tab && (
        <Badge
          size="sm"
          variant="filled"
          color="grape"
          radius="sm"
          ml={6}
          data-testid="new-badge"
          // Never squeezed to a coloured square when the header is tight.
          style={{ flexShrink: 0 }}
        >
          New
        </Badge>
      )}
    </NavLink>
  ));
}

export function AppHeader() {
  const [drawerOpen, drawer] = useDisclosure(false);
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" className={classes.header}>
      <Group gap="lg" wrap="nowrap">
        <Burger
          opened={drawerOpen}
          onClick={drawer.toggle}
          hiddenFrom="lg"
          size="sm"
          aria-label="Open navigation"
        />
        <Link to="/" className={classes.brand} aria-label="Funnelwork home">
          <ThemeIcon size={30} radius="md" variant="gradient" gradient={{ from: 'indigo', to: 'cyan' }}>
            <IconFilter size={17} />
          </ThemeIcon>
          <Text fw={750} fz={18} visibleFrom="xs" className={classes.brandName}>
            Funnelwork
          </Text>
        </Link>
        <Group gap={2} component="nav" aria-label="Main" visibleFrom="lg" wrap="nowrap">
          <Tabs className={classes.tab} />
        </Group>
      </Group>
      <Group gap={6} wrap="nowrap">
        <Box visibleFrom="sm" mr={6} className={classes.search}>
          <SearchBox />
        </Box>
        <ChangelogWidget />
        <HelpMenu />
        <SettingsMenu />
        <ProfileMenu />
      </Group>
      <AppDrawer opened={drawerOpen} onClose={drawer.close} title="Funnelwork" size="xs" hiddenFrom="lg">
        <Stack gap={4} component="nav" aria-label="Main">
          <Tabs className={classes.drawerTab} onNavigate={drawer.close} />
        </Stack>
      </AppDrawer>
    </Group>
  );
}

function HelpMenu() {
  const external = { component: 'a', target: '_blank', rel: 'noreferrer' } as const;
  return (
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Help" title="Help">
          <IconHelp size={20} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Help</Menu.Label>
        <Menu.Item {...external} href={EXTERNAL_LINKS.docs} leftSection={<IconBook size={16} />}>
          Docs
        </Menu.Item>
        <Menu.Item {...external} href={EXTERNAL_LINKS.forum} leftSection={<IconUsersGroup size={16} />}>
          Community forum
        </Menu.Item>
        <Menu.Item
          {...external}
          href={EXTERNAL_LINKS.socialGroup}
          leftSection={<IconBrandFacebook size={16} />}
        >
          Facebook group
        </Menu.Item>
        <Menu.Item
          {...external}
          href={EXTERNAL_LINKS.chatSupport}
          leftSection={<IconMessageCircle size={16} />}
        >
          Chat support
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function SettingsMenu() {
  const me = useMe();
  const admin = isAdmin(me.member_account);
  return (
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Settings" title="Settings">
          <IconSettings size={20} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Settings</Menu.Label>
        <Menu.Item component={Link} to="/store/discounts" leftSection={<IconDiscount size={16} />}>
          Discounts
        </Menu.Item>
        <Menu.Item component={Link} to="/integrations" leftSection={<IconPlugConnected size={16} />}>
          Integrations
        </Menu.Item>
        <Menu.Item component={Link} to="/settings/mailbox" leftSection={<IconMail size={16} />}>
          Mailbox
        </Menu.Item>
        <Menu.Item component={Link} to="/settings/store-emails" leftSection={<IconMailForward size={16} />}>
          Store e-mails
        </Menu.Item>
        <Menu.Item component={Link} to="/settings/sms" leftSection={<IconMessage size={16} />}>
          SMS
        </Menu.Item>
        {admin && (
          <>
            <Menu.Divider />
            <Menu.Label>Account</Menu.Label>
            <Menu.Item component={Link} to="/settings/account" leftSection={<IconBuildingStore size={16} />}>
              Account
            </Menu.Item>
            <Menu.Item
              component={Link}
              to="/settings/payment-gateways"
              leftSection={<IconCashRegister size={16} />}
            >
              Payment gateways
            </Menu.Item>
            <Menu.Item component={Link} to="/settings/billing" leftSection={<IconCreditCard size={16} />}>
              Billing
            </Menu.Item>
            <Menu.Item component={Link} to="/settings/staff" leftSection={<IconUsers size={16} />}>
              Team
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

function ProfileMenu() {
  const me = useMe();
  const logOut = useLogOut();
  const { first_name, last_name, email } = me.member;
  const name = `${first_name} ${last_name}`.trim() || email;
  const initials =
    (first_name.charAt(0) + last_name.charAt(0)).toUpperCase() || email.charAt(0).toUpperCase();
  return (
    <Menu position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        <UnstyledButton className={classes.profile} aria-label="Profile">
          <Group gap={8} wrap="nowrap">
            <Avatar radius="xl" size={32} color="indigo">
              {initials}
            </Avatar>
            {/* The name gives way to the search box on narrower screens; the avatar stays. */}
            <Text size="sm" fw={500} visibleFrom="xl" maw={160} truncate>
              {name}
            </Text>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {me.account_name ?? email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to="/settings/profile" leftSection={<IconUser size={16} />}>
          Profile
        </Menu.Item>
        <Menu.Item component={Link} to="/select-account" leftSection={<IconSwitchHorizontal size={16} />}>
          Switch account
        </Menu.Item>
        <Menu.Item
          component="a"
          href={EXTERNAL_LINKS.affiliate}
          target="_blank"
          rel="noreferrer"
          leftSection={<IconAffiliate size={16} />}
        >
          Affiliate program
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void logOut()}>
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
