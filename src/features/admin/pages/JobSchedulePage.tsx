/**
 * Job schedule (作业调度; spec §2/§3/§4, issue 18): the jobs pg-boss runs — name, address (a built-in
 * task), interval or cron, exec type, status, counts, last and next run — added and edited with the
 * next run times previewed (and a bad cron explained) as the trigger is typed; started, stopped, run
 * now and cancelled from the row; each job's run log in a drawer.
 */
import { useEffect, useState } from 'react';
import { CaretRightOutlined, HistoryOutlined, PauseCircleOutlined, PlayCircleOutlined, StopOutlined } from '@ant-design/icons';
import {
  ProFormDependency,
  ProFormDigit,
  ProFormRadio,
  ProFormSelect,
  ProFormText,
  ProFormTextArea,
  type ProColumns,
} from '@ant-design/pro-components';
import { Alert, App, Drawer, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../core/navigation/access';
import {
  cancelJobRun,
  deleteJob,
  loadJobRuns,
  loadJobs,
  loadJobTasks,
  previewJobTimes,
  runJobNow,
  saveJob,
  startJob,
  stopJob,
  type JobRow,
  type JobRun,
} from '../jobsApi';
import { AdminCrudTable } from '../components/AdminCrudTable';
import { requiredSelect } from '../components/formRules';
import { RowActionButton, rowActionsWidth } from '../components/RecordActions';
import { formatTime } from '../../../core/format/time';

const STATUS_COLORS: Record<string, string> = {
  NOT_STARTED: 'default',
  BEGUN: 'blue',
  EXECUTING: 'processing',
  SUCCESS: 'green',
  FAILED: 'red',
  STOPPED: 'orange',
  CANCELLED: 'default',
};

type JobForm = {
  Name: string;
  Address: string;
  TriggerKind: 'interval' | 'cron';
  IntervalSeconds?: number;
  Cron?: string;
  ExecType: 'PARALLEL' | 'SERIAL';
  RetryLimit?: number;
  RetryDelaySeconds?: number;
  Params?: string;
  Remark?: string;
};

const when = (text: string | null | undefined) => formatTime(text);

/** The next run times of the trigger being typed, or why it is refused. */
function NextRunsPreview({ intervalSeconds, cron }: { intervalSeconds?: number; cron?: string }) {
  const { t } = useTranslation('admin');
  const trigger = cron?.trim() ? { Cron: cron.trim() } : intervalSeconds ? { IntervalSeconds: intervalSeconds } : null;
  const key = trigger ? JSON.stringify(trigger) : '';
  const [answer, setAnswer] = useState<{ key: string; preview: { times: string[] } | { error: string } } | null>(null);
  useEffect(() => {
    if (!key) return;
    let current = true;
    const timer = setTimeout(() => {
      void previewJobTimes(JSON.parse(key) as { Cron?: string; IntervalSeconds?: number }).then((preview) => {
        if (current) setAnswer({ key, preview });
      });
    }, 300);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key]);
  const preview = key && answer?.key === key ? answer.preview : null;
  if (!preview) return null;
  if ('error' in preview) return <Alert type="error" showIcon message={preview.error} style={{ marginBottom: 16 }} />;
  return (
    <Alert
      type="info"
      style={{ marginBottom: 16 }}
      message={t('jobs.nextRuns')}
      description={
        <ol style={{ margin: 0, paddingInlineStart: 20 }} data-testid="job-next-runs">
          {preview.times.map((time) => (
            <li key={time}>{when(time)}</li>
          ))}
        </ol>
      }
    />
  );
}

/** The run log of one job: one row per attempt. */
function RunLogDrawer({ job, onClose }: { job: JobRow | null; onClose(): void }) {
  const { t } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const key = job ? `${job.ID}:${page}` : '';
  const [loaded, setLoaded] = useState<{ key: string; rows: JobRun[]; total: number } | null>(null);
  useEffect(() => {
    if (!job) return;
    let current = true;
    void loadJobRuns(job.ID, page, 20).then((result) => {
      if (current) setLoaded({ key: `${job.ID}:${page}`, ...result });
    });
    return () => {
      current = false;
    };
  }, [job, page]);
  const data = loaded?.key === key ? loaded : { rows: [], total: 0 };
  const loading = job !== null && loaded?.key !== key;
  const close = () => {
    setPage(1);
    onClose();
  };
  return (
    <Drawer open={job !== null} onClose={close} width={820} title={t('jobs.runLogOf', { name: job?.Name ?? '' })} destroyOnHidden>
      <Table<JobRun>
        rowKey="ID"
        size="small"
        loading={loading}
        dataSource={data.rows}
        pagination={{ current: page, pageSize: 20, total: data.total, onChange: setPage }}
        columns={[
          { title: t('jobs.fields.StartedAt'), dataIndex: 'StartedAt', width: 170, render: when },
          { title: t('jobs.fields.EndedAt'), dataIndex: 'EndedAt', width: 170, render: when },
          { title: t('jobs.fields.DurationMs'), dataIndex: 'DurationMs', width: 100 },
          { title: t('jobs.fields.Attempt'), dataIndex: 'Attempt', width: 70 },
          { title: t('jobs.fields.Trigger'), dataIndex: 'Trigger', width: 90, render: (trigger: string) => t(`jobs.trigger.${trigger}`) },
          { title: t('jobs.fields.Status'), dataIndex: 'Status', width: 90, render: (status: string) => <Tag color={STATUS_COLORS[status]}>{t(`jobs.status.${status}`)}</Tag> },
          { title: t('jobs.fields.Error'), dataIndex: 'Error', render: (error: string | null) => <Typography.Text type="danger">{error}</Typography.Text> },
        ]}
      />
    </Drawer>
  );
}

export default function JobSchedulePage() {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const { can } = useAccess();
  const [reload, setReload] = useState(0);
  const [logOf, setLogOf] = useState<JobRow | null>(null);
  const [tasks, setTasks] = useState<{ label: string; value: string; disabled: boolean }[]>([]);
  useEffect(() => {
    void loadJobTasks().then((list) => setTasks(list.map((task) => ({ label: task.Implemented ? task.Address : `${task.Address} (${t('jobs.notImplemented')})`, value: task.Address, disabled: !task.Implemented }))));
  }, [t]);

  const act = (action: (id: string) => Promise<unknown>, done: string) => async (row: JobRow) => {
    await action(row.ID);
    message.success(done);
    setReload((count) => count + 1);
  };

  const columns: ProColumns<JobRow>[] = [
    { title: t('jobs.fields.Name'), dataIndex: 'Name', width: 160 },
    { title: t('jobs.fields.Address'), dataIndex: 'Address', width: 150 },
    {
      title: t('jobs.fields.Trigger'),
      width: 150,
      render: (_, row) => (row.Cron ? <code>{row.Cron}</code> : t('jobs.everySeconds', { count: row.IntervalSeconds ?? 0 })),
    },
    { title: t('jobs.fields.ExecType'), dataIndex: 'ExecType', width: 90, render: (_, row) => t(`jobs.execType.${row.ExecType}`) },
    { title: t('jobs.fields.Status'), dataIndex: 'Status', width: 100, render: (_, row) => <Tag color={STATUS_COLORS[row.Status]}>{t(`jobs.status.${row.Status}`)}</Tag> },
    { title: t('jobs.fields.RunCount'), dataIndex: 'RunCount', width: 80 },
    { title: t('jobs.fields.SuccessCount'), dataIndex: 'SuccessCount', width: 80 },
    { title: t('jobs.fields.FailureCount'), dataIndex: 'FailureCount', width: 80 },
    { title: t('jobs.fields.LastRunAt'), dataIndex: 'LastRunAt', width: 170, render: (_, row) => when(row.LastRunAt) },
    { title: t('jobs.fields.NextRunAt'), dataIndex: 'NextRunAt', width: 170, render: (_, row) => when(row.NextRunAt) },
  ];

  return (
    <>
      <AdminCrudTable<JobRow, JobForm>
        key={reload}
        rowKey="ID"
        headerTitle={t('jobs.title')}
        columns={columns}
        actionsWidth={rowActionsWidth(6)}
        wide
        load={loadJobs}
        newRecord={{ ExecType: 'SERIAL', Address: 'log-cleanup' }}
        remove={(row) => deleteJob(row.ID)}
        titles={{ add: t('jobs.add'), edit: t('jobs.edit') }}
        rowActions={(row) => (
          <>
            {can('Save') &&
              (row.Enabled ? (
                <RowActionButton label={t('jobs.stop')} icon={<PauseCircleOutlined />} onClick={() => void act(stopJob, t('jobs.stopped'))(row)} />
              ) : (
                <RowActionButton label={t('jobs.start')} icon={<PlayCircleOutlined />} onClick={() => void act(startJob, t('jobs.started'))(row)} />
              ))}
            {can('Save') && <RowActionButton label={t('jobs.runNow')} icon={<CaretRightOutlined />} onClick={() => void act(runJobNow, t('jobs.queued'))(row)} />}
            {can('Save') && row.Status === 'EXECUTING' && (
              <RowActionButton label={t('jobs.cancel')} danger icon={<StopOutlined />} onClick={() => void act(cancelJobRun, t('jobs.cancelled'))(row)} />
            )}
            <RowActionButton label={t('jobs.runLog')} icon={<HistoryOutlined />} onClick={() => setLogOf(row)} />
          </>
        )}
        initialValues={(editing) => ({
          ...editing,
          TriggerKind: editing.Cron ? 'cron' : 'interval',
          IntervalSeconds: editing.IntervalSeconds ?? undefined,
          Cron: editing.Cron ?? undefined,
          Params: editing.Params && Object.keys(editing.Params).length ? JSON.stringify(editing.Params) : '',
          Remark: editing.Remark ?? undefined,
        })}
        save={async (values, editing, options) => {
          let params: Record<string, unknown> = {};
          if (values.Params?.trim()) params = JSON.parse(values.Params) as Record<string, unknown>;
          await saveJob({
            ...(editing.ID ? { ID: editing.ID } : {}),
            Name: values.Name,
            Address: values.Address,
            ExecType: values.ExecType,
            IntervalSeconds: values.TriggerKind === 'interval' ? values.IntervalSeconds ?? null : null,
            Cron: values.TriggerKind === 'cron' ? values.Cron ?? null : null,
            Params: params,
            ...(values.RetryLimit !== undefined ? { RetryLimit: values.RetryLimit } : {}),
            ...(values.RetryDelaySeconds !== undefined ? { RetryDelaySeconds: values.RetryDelaySeconds } : {}),
            Remark: values.Remark ?? null,
          }, options);
        }}
      >
        <ProFormText name="Name" label={t('jobs.fields.Name')} rules={[{ required: true, message: t('required', { field: t('jobs.fields.Name') }) }]} />
        <ProFormSelect name="Address" label={t('jobs.fields.Address')} options={tasks} rules={[requiredSelect(t, t('jobs.fields.Address'))]} />
        <ProFormRadio.Group
          name="TriggerKind"
          label={t('jobs.fields.Trigger')}
          options={[
            { label: t('jobs.interval'), value: 'interval' },
            { label: 'Cron', value: 'cron' },
          ]}
        />
        <ProFormDependency name={['TriggerKind']}>
          {({ TriggerKind }: { TriggerKind?: string }) =>
            TriggerKind === 'cron' ? (
              <ProFormText name="Cron" label={t('jobs.fields.Cron')} placeholder="0 3 * * *" tooltip={t('jobs.cronHelp')} rules={[{ required: true, message: t('required', { field: t('jobs.fields.Cron') }) }]} />
            ) : (
              <ProFormDigit name="IntervalSeconds" label={t('jobs.fields.IntervalSeconds')} min={1} fieldProps={{ precision: 0 }} rules={[{ required: true, message: t('required', { field: t('jobs.fields.IntervalSeconds') }) }]} />
            )
          }
        </ProFormDependency>
        <ProFormDependency name={['TriggerKind', 'IntervalSeconds', 'Cron']}>
          {({ TriggerKind, IntervalSeconds, Cron }: { TriggerKind?: string; IntervalSeconds?: number; Cron?: string }) =>
            TriggerKind === 'cron' ? <NextRunsPreview cron={Cron} /> : <NextRunsPreview intervalSeconds={IntervalSeconds} />
          }
        </ProFormDependency>
        <ProFormRadio.Group
          name="ExecType"
          label={t('jobs.fields.ExecType')}
          tooltip={t('jobs.execTypeHelp')}
          options={[
            { label: t('jobs.execType.SERIAL'), value: 'SERIAL' },
            { label: t('jobs.execType.PARALLEL'), value: 'PARALLEL' },
          ]}
        />
        <ProFormDigit name="RetryLimit" label={t('jobs.fields.RetryLimit')} min={0} max={20} fieldProps={{ precision: 0 }} placeholder="2" />
        <ProFormDigit name="RetryDelaySeconds" label={t('jobs.fields.RetryDelaySeconds')} min={0} max={3600} fieldProps={{ precision: 0 }} placeholder="1" />
        <ProFormTextArea
          name="Params"
          label={t('jobs.fields.Params')}
          placeholder='{"days": 30}'
          rules={[
            {
              validator: async (_: unknown, value?: string) => {
                if (!value?.trim()) return;
                let parsed: unknown;
                try {
                  parsed = JSON.parse(value);
                } catch {
                  throw new Error(t('jobs.paramsInvalid'));
                }
                if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(t('jobs.paramsInvalid'));
              },
            },
          ]}
        />
        <ProFormText name="Remark" label={t('jobs.fields.Remark')} />
      </AdminCrudTable>
      <RunLogDrawer job={logOf} onClose={() => setLogOf(null)} />
    </>
  );
}
