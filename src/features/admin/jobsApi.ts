/**
 * The calls of the job-schedule screen (SysJob/*; issue 18, spec §2/§3/§4) through the one api
 * client; failures show their toast (spec §8) in callWrapped and reject, except the preview's, which
 * the form shows under the trigger instead.
 */
import { api, type ApiSchema } from '../../api/client';
import { callWrapped, callWrappedList, type CallOptions } from '../../api/call';

export type JobRow = ApiSchema<'JobRow'>;
export type JobSave = ApiSchema<'JobSaveRequest'>;
export type JobRun = ApiSchema<'JobRunRow'>;
export type JobTask = ApiSchema<'JobTask'>;

const byId = (id: string) => ({ params: { query: { id } } });

export const loadJobs = () => callWrappedList(api.POST('/SysJob/LoadData', { body: { Page: 1, Limit: 10000 } }));
export const saveJob = (body: JobSave, options?: CallOptions) => callWrapped(api.POST('/SysJob/AddOrModifySave', { body }), options);
export const deleteJob = (id: string) => callWrapped(api.POST('/SysJob/Delete', byId(id)));
export const startJob = (id: string) => callWrapped(api.POST('/SysJob/Start', byId(id)));
export const stopJob = (id: string) => callWrapped(api.POST('/SysJob/Stop', byId(id)));
export const runJobNow = (id: string) => callWrapped(api.POST('/SysJob/RunNow', byId(id)));
export const cancelJobRun = (id: string) => callWrapped(api.POST('/SysJob/CancelRun', byId(id)));
export const loadJobTasks = () => callWrapped(api.GET('/SysJob/Tasks'));
export const loadJobRuns = (id: string, page: number, limit: number) =>
  callWrappedList(api.POST('/SysJob/RunLog', { body: { ID: id, Page: page, Limit: limit } }));

/** The next run times of a trigger, or the server's words for why it is refused (no toast). */
export async function previewJobTimes(trigger: { IntervalSeconds?: number | null; Cron?: string | null }): Promise<{ times: string[] } | { error: string }> {
  const { data, error } = await api.POST('/SysJob/PreviewTimes', { body: { ...trigger, Count: 5 } });
  if (data && data.code === 200) return { times: data.data };
  const msg = (error as { msg?: string; detail?: string } | undefined)?.msg ?? (error as { detail?: string } | undefined)?.detail;
  return { error: msg ?? String(data?.msg ?? '') };
}
