import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { tokens } from '../tokens';
import {
  BookOpenRegular,
  BotRegular,
  DocumentArrowRightRegular,
  FlowRegular,
  ImageEditRegular,
  ImageMultipleRegular,
  VideoClipMultipleRegular,
} from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import type { Offering } from '../offerings';

const useStyles = makeStyles({
  root: {
    width: '48px',
    height: '48px',
    borderRadius: '12px',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    fontSize: '26px',
    flexShrink: 0,
  },
  // Tint and ink pairs from Fluent's palette: each keeps its contrast in the light and dark themes.
  converter: { backgroundColor: tokens.colorBrandBackground2, color: tokens.colorBrandForeground1 },
  qaBot: { backgroundColor: tokens.colorPaletteGreenBackground1, color: tokens.colorPaletteGreenForeground1 },
  reader: { backgroundColor: tokens.colorPaletteMarigoldBackground1, color: tokens.colorPaletteMarigoldForeground2 },
  automation: { backgroundColor: tokens.colorPaletteLavenderBackground2, color: tokens.colorPaletteLavenderForeground2 },
  aiImages: { backgroundColor: tokens.colorPaletteBerryBackground1, color: tokens.colorPaletteBerryForeground1 },
  imageTools: { backgroundColor: tokens.colorPaletteTealBackground2, color: tokens.colorPaletteTealForeground2 },
  videoTools: { backgroundColor: tokens.colorPaletteRedBackground1, color: tokens.colorPaletteRedForeground1 },
});

const ICONS: Record<Offering['id'], ReactElement> = {
  converter: <DocumentArrowRightRegular />,
  qaBot: <BotRegular />,
  reader: <BookOpenRegular />,
  automation: <FlowRegular />,
  aiImages: <ImageMultipleRegular />,
  imageTools: <ImageEditRegular />,
  videoTools: <VideoClipMultipleRegular />,
};

/** An offering's icon on its tint (home cards, detail pages); decorative, its title names it. */
export function OfferingIcon({ id, className }: { id: Offering['id']; className?: string }) {
  const styles = useStyles();
  return (
    <span className={mergeClasses(styles.root, styles[id], className)} aria-hidden>
      {ICONS[id]}
    </span>
  );
}
