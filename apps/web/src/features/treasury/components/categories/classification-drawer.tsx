import { Drawer, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InOutLookups } from '../../hooks/use-in-out-lookups.ts';
import type { InOutPermissions } from '../../hooks/use-in-out-permissions.ts';
import { CategoriesManager } from './categories-manager.tsx';
import { MerchantsManager } from './merchants-manager.tsx';

/** Categories and merchants, managed from the movements screen. */
export function ClassificationDrawer({
  opened,
  onClose,
  mobile,
  permissions,
  lookups,
}: {
  opened: boolean;
  onClose: () => void;
  mobile: boolean;
  permissions: InOutPermissions;
  lookups: InOutLookups;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={t('TREASURY.CATEGORIES.PANEL_TITLE')}
      position={mobile ? 'bottom' : 'right'}
      size={mobile ? '100%' : 'lg'}
      closeButtonProps={{ 'aria-label': t('DIALOGS.CLOSE') }}
    >
      <Tabs defaultValue="categories" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="categories">{t('TREASURY.CATEGORIES.TITLE')}</Tabs.Tab>
          <Tabs.Tab value="merchants">{t('TREASURY.MERCHANTS.TITLE')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="categories">
          <CategoriesManager
            permissions={{
              create: permissions.createCategories,
              edit: permissions.editCategories,
              delete: permissions.deleteCategories,
            }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="merchants">
          <MerchantsManager
            lookups={lookups}
            permissions={{
              create: permissions.createMerchants,
              edit: permissions.editMerchants,
              delete: permissions.deleteMerchants,
            }}
          />
        </Tabs.Panel>
      </Tabs>
    </Drawer>
  );
}
