import { Badge, Button, makeStyles, Text } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StepRepair } from '@contracts/automation';
import { failureText } from '../failure-text';
import { acceptRepair } from '../api';

const useStyles = makeStyles({ root: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '4px' } });

/** A step the LLM repaired: the badge, the element it chose, and the owner's button to keep that locator in the flow. */
export function RepairNote({ runId, index, repair, canAccept, onAccepted }: { runId: string; index: number; repair: StepRepair; canAccept: boolean; onAccepted: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const accept = async () => {
    setBusy(true);
    setError(null);
    try {
      await acceptRepair(runId, index);
      onAccepted();
    } catch (err) {
      setError(failureText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.root} data-testid="step-repair">
      <Badge appearance="tint" color="warning">
        {t('automation.history.repaired')}
      </Badge>
      <Text size={200}>{t('automation.history.repairedElement', { role: repair.candidate.value, name: repair.candidate.name ?? '' })}</Text>
      {repair.accepted ? (
        <Text size={200}>{t('automation.history.repairAccepted')}</Text>
      ) : (
        canAccept && (
          <Button size="small" disabled={busy} onClick={() => void accept()}>
            {t('automation.history.acceptRepair')}
          </Button>
        )
      )}
      {error && (
        <Text size={200} role="alert">
          {error}
        </Text>
      )}
    </div>
  );
}
