import { makeStyles, Tab, TabList } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../common/admin-page';
import { MembershipsTab } from './memberships-tab';
import { OrdersTab } from './orders-tab';

const useStyles = makeStyles({ tabs: { marginBottom: '12px' } });

/** /admin/charge-orders/orders: the order list (filters, search, export, refunds) and the memberships with their state. */
export function OrdersPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const [tab, setTab] = useState<'orders' | 'memberships'>('orders');
  return (
    <AdminPage page="orders">
      <TabList className={styles.tabs} selectedValue={tab} onTabSelect={(_e, d) => setTab(d.value as 'orders' | 'memberships')}>
        <Tab value="orders">{t('adminBilling.orders.tab')}</Tab>
        <Tab value="memberships">{t('adminBilling.memberships.title')}</Tab>
      </TabList>
      {tab === 'orders' ? <OrdersTab /> : <MembershipsTab />}
    </AdminPage>
  );
}
