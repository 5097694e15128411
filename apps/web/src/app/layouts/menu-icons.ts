import type { MenuKey } from '@fluxo/domain/menus';
import {
  type Icon,
  IconBriefcase,
  IconBuildingBank,
  IconBuildingCommunity,
  IconCalculator,
  IconChartLine,
  IconFileInvoice,
  IconHome,
  IconMessages,
  IconPlugConnected,
  IconReportAnalytics,
} from '@tabler/icons-react';

const MENU_ICONS: Record<MenuKey, Icon> = {
  welcome: IconHome,
  portfolio: IconBriefcase,
  treasury: IconBuildingBank,
  financial: IconChartLine,
  billing: IconFileInvoice,
  accounting: IconCalculator,
  reports: IconReportAnalytics,
  integrations: IconPlugConnected,
  organization: IconBuildingCommunity,
  chat: IconMessages,
};

/** The icon of a main-menu entry, on desktop and in the phone's bottom bar and drawer. */
export function menuIcon(key: string): Icon {
  return MENU_ICONS[key as MenuKey] ?? IconHome;
}
