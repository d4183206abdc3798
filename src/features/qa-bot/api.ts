import type { QaAnalytics, QaAnswer, QaBot, QaBotUpdate, QaHandoff, QaImportResultBody, QaPairBody, QaPairWrite, QaSuggestion, QaSuggestionAccept } from '@contracts/ai-qa';
import { apiGet, apiPost, apiRequest } from '../../lib/api-client';

export const BOTS_PATH = '/ai/qa/bots';
export const botPath = (botId: string) => `${BOTS_PATH}/${encodeURIComponent(botId)}`;

export const fetchJson = <T>(path: string) => apiGet<T>(path);
export const createBot = (name: string) => apiPost<QaBot>(BOTS_PATH, { name });
export const updateBot = (botId: string, change: QaBotUpdate) => apiRequest<QaBot>(botPath(botId), { method: 'PATCH', body: change });
export const deleteBot = (botId: string) => apiRequest<null>(botPath(botId), { method: 'DELETE' });

export function importDocument(botId: string, file: File) {
  const form = new FormData();
  form.append('file', file);
  return apiPost<QaImportResultBody>(`${botPath(botId)}/documents`, form);
}

export const savePair = (botId: string, pairId: string | null, body: QaPairWrite) =>
  pairId ? apiRequest<QaPairBody>(`${botPath(botId)}/pairs/${pairId}`, { method: 'PUT', body }) : apiPost<QaPairBody>(`${botPath(botId)}/pairs`, body);
export const deletePair = (botId: string, pairId: string) => apiRequest<null>(`${botPath(botId)}/pairs/${pairId}`, { method: 'DELETE' });
export const saveSynonyms = (botId: string, groups: string[][]) => apiRequest<{ groups: string[][] }>(`${botPath(botId)}/synonyms`, { method: 'PUT', body: { groups } });
export const askBot = (botId: string, question: string) => apiPost<QaAnswer>(`${botPath(botId)}/ask`, { question });
export const replyHandoff = (botId: string, id: string, body: string) => apiPost<QaHandoff>(`${botPath(botId)}/handoffs/${id}/reply`, { body });
export const acceptSuggestion = (botId: string, id: string, body: QaSuggestionAccept) => apiPost<null>(`${botPath(botId)}/suggestions/${id}/accept`, body);
export const dismissSuggestion = (botId: string, id: string) => apiPost<null>(`${botPath(botId)}/suggestions/${id}/dismiss`);

export type { QaAnalytics, QaAnswer, QaBot, QaHandoff, QaImportResultBody, QaPairBody, QaSuggestion };

/** A CSV template owners can fill in (the first row is the header the importer reads). */
export const TEMPLATE_CSV = '\uFEFFquestion,answer,alternatives\r\n"How do I reset my password?","Choose ""Forgot password"" on the sign-in page.","Forgot password|Reset password"\r\n';
