import { makeStyles } from '@fluentui/react-components';
import { tokens } from '../../lib/tokens';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  row: { display: 'flex', gap: '10px', listStyle: 'none', margin: 0, padding: 0 },
  link: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '36px',
    height: '36px',
    borderRadius: '50%',
    backgroundColor: tokens.colorNeutralBackgroundInvertedDisabled,
    color: tokens.colorBrandBackgroundInvertedPressed,
    ':hover': { backgroundColor: tokens.colorBrandBackground, color: tokens.colorNeutralForegroundOnBrand },
    ':focus-visible': { outline: `2px solid ${tokens.colorNeutralForegroundStaticInverted}`, outlineOffset: '2px' },
  },
});

/** Simple monochrome marks; 24×24 viewBox. */
const ICONS = {
  wechat: (
    <>
      <ellipse cx="9.5" cy="9.5" rx="6.5" ry="5.5" fill="currentColor" />
      <ellipse cx="15.5" cy="14.5" rx="5.5" ry="4.6" fill="currentColor" opacity="0.7" />
    </>
  ),
  weibo: (
    <>
      <ellipse cx="10.5" cy="14" rx="7.5" ry="5" fill="currentColor" />
      <path d="M15 4.5a5 5 0 0 1 5 5" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" />
    </>
  ),
  youtube: (
    <>
      <rect x="2" y="5" width="20" height="14" rx="4" fill="currentColor" />
      <path d="M10 9l5 3-5 3z" style={{ fill: tokens.colorBrandBackground4Static }} />
    </>
  ),
  linkedin: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="3" fill="currentColor" />
      <path d="M7.5 10v6.5M7.5 7.3v.2M11 16.5V10m0 3a2.5 2.5 0 0 1 5 0v3.5" style={{ stroke: tokens.colorBrandBackground4Static }} strokeWidth="2" strokeLinecap="round" fill="none" />
    </>
  ),
  x: <path d="M5 4l14 16M19 4L5 20" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />,
} as const;

const LINKS: ReadonlyArray<{ id: keyof typeof ICONS; href: string }> = [
  { id: 'wechat', href: 'https://weixin.qq.com/' },
  { id: 'weibo', href: 'https://weibo.com/' },
  { id: 'youtube', href: 'https://www.youtube.com/' },
  { id: 'linkedin', href: 'https://www.linkedin.com/' },
  { id: 'x', href: 'https://x.com/' },
];

export function SocialLinks() {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <ul className={styles.row}>
      {LINKS.map((link) => (
        <li key={link.id}>
          <a className={styles.link} href={link.href} target="_blank" rel="noopener noreferrer" aria-label={t(`footer.social.${link.id}`)}>
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              {ICONS[link.id]}
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
