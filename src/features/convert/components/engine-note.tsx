import { makeStyles } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { CloudRegular, ShieldLockRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { ConvertCard } from '@contracts/convert-catalogue';
import { acceptedFor, pickEngine } from '@engines/engine-table';
import { dotted } from '../card-text';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '6px', margin: 0, padding: 0, listStyle: 'none' },
  line: { display: 'flex', gap: '8px', alignItems: 'flex-start', color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase300 },
  icon: { flexShrink: 0, fontSize: '18px', color: tokens.colorBrandForeground1 },
});

/** Before any file is added: which of the accepted types stay on the device and which go to the server. */
export function EngineNote({ card }: { card: ConvertCard }) {
  const styles = useStyles();
  const { t } = useTranslation();
  // Staff's engine preference for the card decides as well as the engine table.
  const accepted = acceptedFor(card);
  const device = accepted.filter((ext) => pickEngine(card, `file.${ext}`) === 'browser');
  const server = accepted.filter((ext) => pickEngine(card, `file.${ext}`) === 'server');
  return (
    <ul className={styles.root} data-testid="engine-note">
      {device.length > 0 && (
        <li className={styles.line}>
          <ShieldLockRegular className={styles.icon} aria-hidden />
          {t(server.length > 0 ? 'convert.where.deviceSome' : 'convert.where.deviceAll', { list: dotted(device).join(' ') })}
        </li>
      )}
      {server.length > 0 && (
        <li className={styles.line}>
          <CloudRegular className={styles.icon} aria-hidden />
          {t(device.length > 0 ? 'convert.where.serverSome' : 'convert.where.serverAll', { list: dotted(server).join(' ') })}
        </li>
      )}
    </ul>
  );
}
