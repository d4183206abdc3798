import { Field, makeStyles } from '@fluentui/react-components';
import { useId } from 'react';
import { tokens } from '../../../lib/tokens';

const useStyles = makeStyles({
  input: {
    padding: '12px',
    border: `1px dashed ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    maxWidth: '100%',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
});

/** A native file input (keyboard and screen-reader friendly as it is) for one or more videos. */
export function FilePicker({ label, hint, multiple, onFiles, testId }: { label: string; hint: string; multiple?: boolean; onFiles: (files: File[]) => void; testId: string }) {
  const styles = useStyles();
  const id = useId();
  return (
    <Field label={{ children: label, htmlFor: id }} hint={hint}>
      <input
        id={id}
        className={styles.input}
        type="file"
        accept="video/*,.mkv,.mov,.ts,.flv,.avi"
        multiple={multiple}
        data-testid={testId}
        onChange={(e) => {
          onFiles(Array.from(e.target.files ?? []));
          e.target.value = '';
        }}
      />
    </Field>
  );
}
