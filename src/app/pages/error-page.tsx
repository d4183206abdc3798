import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { tokens } from '../../lib/tokens';
import { ErrorCircleRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { useButtonStyles } from '../../lib/components/button-styles';
import { ShellButton } from '../../lib/components/shell-button';
import { useTextStyles } from '../../lib/components/text-styles';
import { NotFoundView } from './not-found-page';

const useStyles = makeStyles({
  root: {
    minHeight: '60vh',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '12px',
    padding: '48px 20px',
    textAlign: 'center',
  },
  icon: { fontSize: '56px', color: tokens.colorPaletteRedForeground1 },
  detail: {
    maxWidth: '640px',
    color: tokens.colorNeutralForeground3,
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    overflowWrap: 'anywhere',
  },
  actions: { display: 'flex', gap: '12px', marginTop: '8px' },
});

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The route tree's errorElement: 'Unexpected Application Error!' (a 404 response shows Not Found). */
export function ErrorPage() {
  const error = useRouteError();
  const styles = useStyles();
  const text = useTextStyles();
  const buttons = useButtonStyles();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  console.error(error);
  return (
    <div className={styles.root} role="alert">
      <ErrorCircleRegular className={styles.icon} aria-hidden />
      <h1 className={text.title}>{t('common.errorPage.title')}</h1>
      <p className={text.body}>{t('common.errorPage.description')}</p>
      <p className={mergeClasses(text.caption, styles.detail)}>{describe(error)}</p>
      <div className={styles.actions}>
        <ShellButton appearance="primary" onClick={() => window.location.reload()}>
          {t('common.actions.reload')}
        </ShellButton>
        {/* A full page load: after an unexpected error the in-memory app state is not trusted. */}
        <a className={mergeClasses(buttons.base, buttons.secondary)} href="/">
          {t('common.actions.backHome')}
        </a>
      </div>
    </div>
  );
}
