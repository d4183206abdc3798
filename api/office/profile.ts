import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

type Value = string | number | boolean;

/**
 * Settings written into every instance's profile before it starts. LibreOffice merges its
 * defaults under them, so this file only has to name what we change.
 * Enumerations differ between modules: Writer's link mode is 0 never / 1 on request / 2 always
 * (sw/inc/linkenum.hxx), Calc's is 0 always / 1 never / 2 on request (ScLkUpdMode).
 */
const SETTINGS: Array<[node: string, prop: string, value: Value]> = [
  // Macros: "very high" security with no trusted location, and execution switched off outright.
  ['/org.openoffice.Office.Common/Security/Scripting', 'MacroSecurityLevel', 3],
  ['/org.openoffice.Office.Common/Security/Scripting', 'DisableMacrosExecution', true],
  ['/org.openoffice.Office.Common/Security/Scripting', 'OfficeBasic', 0],
  ['/org.openoffice.Office.Common/Security/Scripting', 'ExecutePlugins', false],
  // Images and files a document links by URL or path are neither fetched nor read: measured
  // here, this alone stops a linked image from reaching a canary server or /tmp.
  ['/org.openoffice.Office.Common/Security/Scripting', 'BlockUntrustedRefererLinks', true],
  // LibreOffice 24.8+ only (ignored by older versions): no macros, OLE or DDE at all.
  ['/org.openoffice.Office.Common/Security/Scripting', 'DisableActiveContent', true],
  ['/org.openoffice.Office.Writer/Content/Update', 'Link', 0],
  ['/org.openoffice.Office.Calc/Content/Update', 'Link', 1],
  // Never recalculate on load: a recalculation could run WEBSERVICE() and friends.
  ['/org.openoffice.Office.Calc/Formula/Load', 'OOXMLRecalcMode', 1],
  ['/org.openoffice.Office.Calc/Formula/Load', 'ODFRecalcMode', 1],
  // Text in no declared Asian language is treated as Simplified Chinese, so the SC face is chosen.
  ['/org.openoffice.Office.Linguistic/General', 'DefaultLocale_CJK', 'zh-CN'],
  // Nothing written behind our back: no autosave, recovery data or backups.
  ['/org.openoffice.Office.Recovery/AutoSave', 'Enabled', false],
  ['/org.openoffice.Office.Recovery/RecoveryInfo', 'Enabled', false],
  ['/org.openoffice.Office.Common/Save/Document', 'CreateBackup', false],
  ['/org.openoffice.Office.Common/Misc', 'UseLocking', false],
];

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function registryModifications(): string {
  const items = SETTINGS.map(
    ([node, prop, value]) =>
      `<item oor:path="${node}"><prop oor:name="${prop}" oor:op="fuse"><value>${escapeXml(String(value))}</value></prop></item>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
    ...items,
    '</oor:items>',
    '',
  ].join('\n');
}

/**
 * Resets `dir` to a profile holding only our settings. Starting from scratch each time means
 * nothing a previous document or a killed instance left behind can carry over.
 */
export async function writeProfile(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(path.join(dir, 'user'), { recursive: true });
  await writeFile(path.join(dir, 'user', 'registrymodifications.xcu'), registryModifications());
}
