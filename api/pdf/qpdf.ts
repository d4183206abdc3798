import { randomBytes } from 'node:crypto';
import type { ProtectOptions, UnlockOptions } from '@contracts/pdf-tools.js';
import { PdfToolError } from './pdf-tool-error.js';
import { assertAbsolutePath, runTool, type ToolLimits, type ToolResult } from './run-tool.js';

export const QPDF = '/usr/bin/qpdf';

/** qpdf's exit codes (`qpdf --help=exit-status`): 3 means warnings, and the output is still written. */
const QPDF_OK = 0;
const QPDF_WARNINGS = 3;

/** What an `invalid password` from qpdf means for the tool that got it. */
type PasswordRefusal = 'wrongPassword' | 'encrypted';

interface QpdfCall {
  args: string[];
  input: string;
  /** Stripped from every message we build, whatever qpdf printed. */
  secrets?: string[];
  onInvalidPassword: PasswordRefusal;
}

export function redact(text: string, secrets: readonly string[]): string {
  return secrets.filter((s) => s.length > 0).reduce((out, secret) => out.split(secret).join('[password]'), text);
}

/**
 * Runs qpdf with every argument read from its standard input (`qpdf @-`: one argument a line),
 * so passwords are in no process's argv (/proc/<pid>/cmdline is world-readable) and in no file.
 * A line break inside an argument would split it, so such arguments are refused.
 */
export async function runQpdf(call: QpdfCall, limits: ToolLimits): Promise<ToolResult> {
  if (call.args.some((arg) => /[\r\n\0]/.test(arg))) throw new PdfToolError('failed', 'qpdf arguments cannot hold line breaks or NUL characters');
  const result = await runTool(QPDF, ['@-'], { ...limits, stdin: `${call.args.join('\n')}\n` });
  if (result.code === QPDF_OK || result.code === QPDF_WARNINGS) return result;
  const secrets = call.secrets ?? [];
  const said = redact(result.stderr.trim().split('\n').slice(-5).join('\n'), secrets);
  if (/invalid password/i.test(result.stderr)) {
    const message = call.onInvalidPassword === 'wrongPassword' ? 'the password does not open this PDF' : 'the PDF is protected by a password: unlock it first';
    throw new PdfToolError(call.onInvalidPassword, message);
  }
  // Messages about the input name it; anything else (the output's folder, the disk) is ours.
  const reason = result.stderr.includes(call.input) ? 'unreadable' : 'failed';
  throw new PdfToolError(reason, `qpdf exited with ${result.code}: ${said}`);
}

function assertPaths(input: string, output: string): void {
  assertAbsolutePath(input, 'input');
  assertAbsolutePath(output, 'output');
}

/**
 * Whether the file is encrypted at all, including "owner password only" files that open without
 * one: rewriting those would silently drop their restrictions, so the tools that rewrite refuse them.
 */
export async function isEncrypted(input: string, limits: ToolLimits): Promise<boolean> {
  // `--requires-password`: 0 a password is needed, 2 not encrypted (or unreadable), 3 encrypted but opens without one.
  const result = await runTool(QPDF, ['--requires-password', input], limits);
  return result.code === 0 || result.code === 3;
}

/** Encrypts with AES-256. Without an owner password a random one is used, so the open password cannot lift the restrictions. */
export async function protectPdf(input: string, output: string, options: ProtectOptions, limits: ToolLimits): Promise<void> {
  assertPaths(input, output);
  if (await isEncrypted(input, limits)) throw new PdfToolError('encrypted', 'the PDF is already protected: unlock it first');
  // Hex, never base64url: qpdf 11.3 reads the passwords after --encrypt as positional arguments and refuses one that starts with '-'.
  const owner = options.ownerPassword ?? randomBytes(32).toString('hex');
  const permissions = [
    `--print=${options.allowPrint ? 'full' : 'none'}`,
    `--extract=${options.allowCopy ? 'y' : 'n'}`,
    `--modify=${options.allowModify ? 'all' : 'none'}`,
  ];
  await runQpdf(
    { args: [input, '--encrypt', options.userPassword, owner, '256', ...permissions, '--', output], input, secrets: [options.userPassword, owner], onInvalidPassword: 'encrypted' },
    limits,
  );
}

/** Removes the encryption with the user's or the owner's password; a file without one comes back as a plain copy. */
export async function unlockPdf(input: string, output: string, options: UnlockOptions, limits: ToolLimits): Promise<void> {
  assertPaths(input, output);
  await runQpdf({ args: [`--password=${options.password}`, '--decrypt', input, output], input, secrets: [options.password], onInvalidPassword: 'wrongPassword' }, limits);
}

/** Rewrites the file through qpdf's recovery (rebuilt cross-reference table, readable objects kept); encryption is kept. */
export async function repairPdf(input: string, output: string, limits: ToolLimits): Promise<void> {
  assertPaths(input, output);
  await runQpdf({ args: [input, output], input, onInvalidPassword: 'encrypted' }, limits);
}

/** "Fast web view": the first page readable before the rest arrives. Encryption is kept. */
export async function linearizePdf(input: string, output: string, limits: ToolLimits): Promise<void> {
  assertPaths(input, output);
  await runQpdf({ args: ['--linearize', input, output], input, onInvalidPassword: 'encrypted' }, limits);
}
