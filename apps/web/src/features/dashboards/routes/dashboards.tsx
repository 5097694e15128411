import { DASHBOARD_WIDGETS, type DashboardWidget } from '@fluxo/domain/dashboards/contracts';
import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  Group,
  Menu,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconLayoutDashboard, IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { SectionLoader } from '../../../components/full-page-loader.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { isMobilePath, paths, toMobileHref } from '../../../lib/paths.ts';
import { type Dashboard, useDashboard, useSaveLayout } from '../api/dashboards.ts';
import { WidgetBody } from '../components/widgets.tsx';

/** The i18n section of a widget: DASHBOARDS.WIDGETS.DOCUMENTS_TO_ATTACH, … */
const widgetKey = (widget: DashboardWidget) =>
  `DASHBOARDS.WIDGETS.${widget.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;

/** Where each widget's figures come from: its module's page (none for the computed tax deadlines). */
const WIDGET_PAGES: Partial<Record<DashboardWidget, string>> = {
  balances: paths.app.treasury.wallets.getHref(),
  dailyBalances: paths.app.treasury.wallets.getHref(),
  receivables: paths.app.billing.currentAccount.getHref(),
  payables: paths.app.billing.currentAccount.getHref(),
  unreconciled: paths.app.accounting.reconciliation.getHref(),
  documentsToAttach: paths.app.treasury.inOut.getHref(),
};

function move(widgets: readonly DashboardWidget[], index: number, by: -1 | 1): DashboardWidget[] {
  const next = [...widgets];
  const [widget] = next.splice(index, 1);
  if (widget) next.splice(index + by, 0, widget);
  return next;
}

function WidgetCard(props: {
  widget: DashboardWidget;
  index: number;
  dashboard: Dashboard;
  editing: boolean;
  mobile: boolean;
  onChange: (widgets: DashboardWidget[]) => void;
}) {
  const { t } = useTranslation();
  const { widget, index, dashboard, editing } = props;
  const widgets = dashboard.layout.widgets;
  const title = t(`${widgetKey(widget)}.TITLE`);
  const titleId = `dashboard-widget-${widget}`;
  const page = WIDGET_PAGES[widget];
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="section"
      aria-labelledby={titleId}
      data-testid="dashboard-widget"
      data-widget={widget}
    >
      <Group justify="space-between" mb="sm" wrap="nowrap" align="start">
        <Title order={2} fz="md" id={titleId}>
          {title}
        </Title>
        {editing ? (
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              aria-label={t('DASHBOARDS.MOVE_UP', { widget: title })}
              disabled={index === 0}
              onClick={() => props.onChange(move(widgets, index, -1))}
            >
              <IconArrowUp size={18} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={t('DASHBOARDS.MOVE_DOWN', { widget: title })}
              disabled={index === widgets.length - 1}
              onClick={() => props.onChange(move(widgets, index, 1))}
            >
              <IconArrowDown size={18} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('DASHBOARDS.REMOVE', { widget: title })}
              onClick={() => props.onChange(widgets.filter((w) => w !== widget))}
            >
              <IconX size={18} aria-hidden />
            </ActionIcon>
          </Group>
        ) : (
          page && (
            <Anchor component={Link} to={props.mobile ? toMobileHref(page) : page} size="sm">
              {t('DASHBOARDS.OPEN')}
            </Anchor>
          )
        )}
      </Group>
      <Text size="xs" c="dimmed" mb="sm">
        {t(`${widgetKey(widget)}.TEXT`)}
      </Text>
      <WidgetBody widget={widget} data={dashboard.data} />
    </Card>
  );
}

/**
 * /dashboards (desktop and /m): the organization at a glance, in the widgets the user chose and
 * ordered; each widget only when they may read its module. On a phone, a single column.
 */
export function DashboardsRoute() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const mobile = isMobilePath(pathname);
  const dashboard = useDashboard();
  const save = useSaveLayout();
  const [editing, setEditing] = useState(false);
  const data = dashboard.data;
  const shown = data?.layout.widgets ?? [];
  const addable = DASHBOARD_WIDGETS.filter((w) => data?.available.includes(w) && !shown.includes(w));
  const change = (widgets: DashboardWidget[]) => save.mutate({ widgets });

  return (
    <>
      <PageHeader
        eyebrow={t('MENU.WELCOME.TITLE')}
        title={t('MENU.WELCOME.DASHBOARDS')}
        description={t('MODULES.WELCOME.DASHBOARDS')}
      />
      {data && data.available.length > 0 ? (
        <Group gap="xs" justify="flex-end" mb="md">
          {editing && addable.length > 0 && (
            <Menu position="bottom-end">
              <Menu.Target>
                <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />}>
                  {t('DASHBOARDS.ADD')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {addable.map((widget) => (
                  <Menu.Item key={widget} onClick={() => change([...shown, widget])}>
                    {t(`${widgetKey(widget)}.TITLE`)}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          )}
          <Button
            variant={editing ? 'filled' : 'default'}
            onClick={() => setEditing((value) => !value)}
            aria-pressed={editing}
          >
            {editing ? t('DASHBOARDS.DONE') : t('DASHBOARDS.ARRANGE')}
          </Button>
        </Group>
      ) : null}
      {save.isError && <ErrorAlert error={save.error} />}
      {dashboard.isError ? (
        <ErrorAlert error={dashboard.error} />
      ) : !data ? (
        <SectionLoader label={t('COMMON.LOADING')} />
      ) : shown.length === 0 ? (
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }}>
          <Stack align="center" gap="sm" ta="center" maw={520} mx="auto">
            <IconLayoutDashboard size={40} aria-hidden />
            <Title order={2} fz="lg">
              {data.available.length === 0 ? t('DASHBOARDS.NOTHING_AVAILABLE') : t('DASHBOARDS.EMPTY_TITLE')}
            </Title>
            {data.available.length > 0 && <Text c="dimmed">{t('DASHBOARDS.EMPTY_TEXT')}</Text>}
          </Stack>
        </Paper>
      ) : (
        <SimpleGrid
          cols={mobile ? 1 : { base: 1, md: 2 }}
          spacing="lg"
          data-testid="dashboard-grid"
          data-columns={mobile ? 1 : undefined}
        >
          {shown.map((widget, index) => (
            <WidgetCard
              key={widget}
              widget={widget}
              index={index}
              dashboard={data}
              editing={editing}
              mobile={mobile}
              onChange={change}
            />
          ))}
        </SimpleGrid>
      )}
    </>
  );
}
