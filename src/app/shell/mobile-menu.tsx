import { OverlayDrawer } from '@fluentui/react-components';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { MobileMenuContent } from './mobile-menu-content';
import { mobileMenuOpenAtom } from './shell-atoms';

/** The collapsible menu for small screens: account, notifications, every destination. */
export function MobileMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useAtom(mobileMenuOpenAtom);
  return (
    <OverlayDrawer open={open} onOpenChange={(_e, data) => setOpen(data.open)} position="end" size="small" aria-label={t('nav.menu')}>
      <MobileMenuContent onClose={() => setOpen(false)} />
    </OverlayDrawer>
  );
}
