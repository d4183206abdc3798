import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { tokens } from '../../lib/tokens';
import {
  BoxMultipleRegular,
  ChatMultipleRegular,
  DataBarVerticalRegular,
  DocumentArrowRightRegular,
  HistoryRegular,
  PeopleRegular,
  EditRegular,
  MegaphoneRegular,
  MoneyRegular,
  ReceiptRegular,
} from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';

const useStyles = makeStyles({
  nav: { display: 'flex', flexDirection: 'column', gap: '14px', padding: '12px' },
  heading: {
    margin: '4px 12px 6px',
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground3,
    letterSpacing: '0.04em',
  },
  link: {
    display: 'flex',
    alignItems: 'center',
    gap: '10px',
    padding: '9px 12px',
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground2,
    textDecoration: 'none',
    fontSize: tokens.fontSizeBase300,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  active: { backgroundColor: tokens.colorBrandBackground2, color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  icon: { fontSize: '18px' },
});

interface MenuGroup {
  id: 'dashboard' | 'products' | 'operation' | 'billing' | 'feedback' | 'people';
  items: ReadonlyArray<{ id: string; path: string; icon: ReactElement }>;
}

/** Spec §2 admin menu: Data dashboard, Product list, Operation area, Billing and orders, Feedback; then users and the audit log (issue 11). */
const MENU: readonly MenuGroup[] = [
  { id: 'dashboard', items: [{ id: 'dashboard', path: '/admin/dashboard', icon: <DataBarVerticalRegular /> }] },
  {
    id: 'products',
    items: [
      { id: 'convertTools', path: '/admin/products/convert', icon: <DocumentArrowRightRegular /> },
      { id: 'writingTools', path: '/admin/products/writing', icon: <EditRegular /> },
    ],
  },
  {
    id: 'operation',
    items: [
      { id: 'publishProduct', path: '/admin/panels/product', icon: <MegaphoneRegular /> },
      { id: 'publishBundle', path: '/admin/panels/bundle', icon: <BoxMultipleRegular /> },
    ],
  },
  {
    id: 'billing',
    items: [
      { id: 'charge', path: '/admin/charge-orders/charge', icon: <MoneyRegular /> },
      { id: 'orders', path: '/admin/charge-orders/orders', icon: <ReceiptRegular /> },
    ],
  },
  { id: 'feedback', items: [{ id: 'feedback', path: '/admin/feedback', icon: <ChatMultipleRegular /> }] },
  {
    id: 'people',
    items: [
      { id: 'users', path: '/admin/users', icon: <PeopleRegular /> },
      { id: 'audit', path: '/admin/audit', icon: <HistoryRegular /> },
    ],
  },
];

export function AdminMenu({ onNavigate }: { onNavigate?: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <nav className={styles.nav} aria-label={t('admin.menu.label')}>
      {MENU.map((group) => (
        <div key={group.id} role="group" aria-labelledby={`admin-group-${group.id}`}>
          <p id={`admin-group-${group.id}`} className={styles.heading}>
            {t(`admin.menu.groups.${group.id}`)}
          </p>
          {group.items.map((item) => (
            <NavLink
              key={item.id}
              to={item.path}
              className={({ isActive }) => mergeClasses(styles.link, isActive && styles.active)}
              onClick={onNavigate}
            >
              <span className={styles.icon} aria-hidden>
                {item.icon}
              </span>
              {t(`admin.menu.items.${item.id}`)}
            </NavLink>
          ))}
        </div>
      ))}
    </nav>
  );
}
