import { makeStyles, Text } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';

const useStyles = makeStyles({
  head: { display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: '16px', flexWrap: 'wrap', marginBottom: '20px' },
  title: { display: 'block', marginBottom: '4px' },
  description: { display: 'block', color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: '8px', flexWrap: 'wrap' },
});

/** An admin page: its title and description from `admin.pages.<page>`, actions on the right, then its content. */
export function AdminPage({ page, actions, children }: { page: string; actions?: ReactNode; children: ReactNode }) {
  const styles = useStyles();
  const { t } = useTranslation();
  useDocumentTitle(t(`admin.pages.${page}.title`));
  return (
    <section>
      <div className={styles.head}>
        <div>
          <Text as="h1" size={700} weight="bold" className={styles.title}>
            {t(`admin.pages.${page}.title`)}
          </Text>
          <Text className={styles.description}>{t(`admin.pages.${page}.description`)}</Text>
        </div>
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
      {children}
    </section>
  );
}

/** The white card a list or form sits in. */
export const useAdminCardStyles = makeStyles({
  card: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    padding: '16px',
    overflowX: 'auto',
  },
  filters: { display: 'flex', gap: '12px', flexWrap: 'wrap', alignItems: 'flex-end', marginBottom: '16px' },
  muted: { color: tokens.colorNeutralForeground3 },
});
