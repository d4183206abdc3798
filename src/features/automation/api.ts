import type { AllowList, Flow, FlowWrite, RecorderAction, RecorderState, Run, RunSummary, Schedule, Step } from '@contracts/automation';
import { apiGet, apiPost, apiRequest, API_BASE } from '../../lib/api-client';

export const FLOWS_PATH = '/automation/flows';
export const SCHEDULES_PATH = '/automation/schedules';
export const ALLOW_LIST_PATH = '/automation/allow-list';
export const CREDENTIALS_PATH = '/automation/credentials';
export const flowPath = (flowId: string) => `${FLOWS_PATH}/${encodeURIComponent(flowId)}`;
export const runsPath = (flowId: string) => `${flowPath(flowId)}/runs`;
export const runPath = (runId: string) => `/automation/runs/${encodeURIComponent(runId)}`;

export const fetchJson = <T>(path: string) => apiGet<T>(path);
export const createFlow = (body: FlowWrite) => apiPost<{ flowId: string }>(FLOWS_PATH, body);
export const saveFlow = (flowId: string, body: FlowWrite) => apiRequest<Flow>(flowPath(flowId), { method: 'PUT', body });
export const deleteFlow = (flowId: string) => apiRequest<null>(flowPath(flowId), { method: 'DELETE' });
export const runFlow = (flowId: string) => apiPost<{ runId: string }>(`${flowPath(flowId)}/run`, {});
export const resumeRun = (runId: string) => apiPost<Run>(`${runPath(runId)}/resume`);
/** Puts an LLM-repaired locator first in the flow's step. */
export const acceptRepair = (runId: string, index: number) => apiPost<Flow>(`${runPath(runId)}/steps/${index}/accept-repair`);
export const outputUrl = (runId: string, format: 'csv' | 'json') => `${API_BASE}${runPath(runId)}/output?format=${format}`;

export const addSchedule = (flowId: string, cron: string, timezone: string) => apiPost<Schedule>(SCHEDULES_PATH, { flowId, cron, timezone });
export const deleteSchedule = (id: string) => apiRequest<null>(`${SCHEDULES_PATH}/${encodeURIComponent(id)}`, { method: 'DELETE' });
export const saveAllowList = (hosts: string[]) => apiRequest<AllowList>(ALLOW_LIST_PATH, { method: 'PUT', body: { hosts } });
export const saveCredential = (name: string, value: string) => apiPost<{ credentialId: string; name: string }[]>(CREDENTIALS_PATH, { name, value });
export const deleteCredential = (id: string) => apiRequest<null>(`${CREDENTIALS_PATH}/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const startRecorder = (url: string) => apiPost<RecorderState>('/automation/recorder', { url });
export const recorderAct = (sessionId: string, action: RecorderAction) => apiPost<RecorderState>(`/automation/recorder/${encodeURIComponent(sessionId)}/action`, action);
export const stopRecorder = (sessionId: string) => apiRequest<Step[]>(`/automation/recorder/${encodeURIComponent(sessionId)}`, { method: 'DELETE' });
export const recorderShot = (sessionId: string, n: number) => `${API_BASE}/automation/recorder/${encodeURIComponent(sessionId)}/screenshot?n=${n}`;

export type { AllowList, Flow, RecorderState, Run, RunSummary, Schedule, Step };
