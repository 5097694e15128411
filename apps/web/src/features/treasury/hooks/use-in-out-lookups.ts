import type { Account, Category, Merchant } from '@fluxo/domain/treasury/model';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCategories } from '../api/categories.ts';
import { useInOutAccounts } from '../api/in-out-accounts.ts';
import { useMerchants } from '../api/merchants.ts';
import { type CategoryNamer, categoryNamer } from '../lib/category-tree.ts';

export interface InOutLookups {
  accounts: Account[];
  categories: Category[];
  merchants: Merchant[];
  accountById: Map<string, Account>;
  categoryById: Map<string, Category>;
  merchantById: Map<string, Merchant>;
  categoryName: CategoryNamer;
}

/** The names a movement row shows for its ids: accounts, categories (translated defaults) and merchants. */
export function useInOutLookups(): InOutLookups {
  const { t } = useTranslation();
  const accounts = useInOutAccounts();
  const categories = useCategories();
  const merchants = useMerchants();
  return useMemo(() => {
    const accountList = accounts.data?.accounts ?? [];
    const categoryList = categories.data ?? [];
    const merchantList = merchants.data ?? [];
    return {
      accounts: accountList,
      categories: categoryList,
      merchants: merchantList,
      accountById: new Map(accountList.map((a) => [a.id, a])),
      categoryById: new Map(categoryList.map((c) => [c.id, c])),
      merchantById: new Map(merchantList.map((m) => [m.id, m])),
      categoryName: categoryNamer((key, options) => t(key, options)),
    };
  }, [accounts.data, categories.data, merchants.data, t]);
}
