/**
 * The print dialog (spec §2 "a print dialog with a printer chooser", §3 printer state, §5, §8):
 * lists this machine's printers from the local printer service, preselects the current one, and
 * saves the choice there. Spec §8 messages: no answer -> MesBatchManager._62; a refused save ->
 * notification 'Operation failed' with the service's Msg (or 'Request failed'); saving without a
 * choice -> MesBatchManager._61 and nothing is sent.
 */
import { useEffect, useState } from 'react';
import { PrinterOutlined } from '@ant-design/icons';
import { Alert, App, Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { getCurrentPrinter, getPrinterList, PrinterServiceError, setCurrentPrinter } from '../../api/printer';
import { ERROR_TOAST_SECONDS } from '../../core/noticeDurations';
import { HeaderButton } from '../header/HeaderButton';

interface PrinterState {
  current: string;
  printers: string[];
}

export function PrintDialogButton() {
  const { t } = useTranslation('printer');
  const [open, setOpen] = useState(false);
  return (
    <>
      <HeaderButton label={t('button')} icon={<PrinterOutlined />} onClick={() => setOpen(true)} />
      <PrintDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

export function PrintDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('printer');
  const { message, notification } = App.useApp();
  const [state, setState] = useState<PrinterState | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  /** Spec §8: the service's Msg, or 'Request failed'; no answer at all is MesBatchManager._62. */
  const describe = (error: unknown) =>
    error instanceof PrinterServiceError && error.kind === 'refused' ? error.serviceMessage || t('requestFailed') : t('dictionary._62');

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    Promise.all([getPrinterList(), getCurrentPrinter()]).then(
      ([printers, current]) => {
        if (cancelled) return;
        setState({ printers, current });
        setSelected(current && printers.includes(current) ? current : undefined);
      },
      (error: unknown) => {
        if (cancelled) return;
        const text = describe(error);
        setLoadError(text);
        // Error toasts stay the spec's 5 s (the other notices' 2 s is easily missed).
        message.error({ content: text, duration: ERROR_TOAST_SECONDS });
      },
    );
    return () => {
      cancelled = true;
      // Closing forgets what was loaded, so the next opening shows the service's state afresh.
      setState(null);
      setLoadError(null);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load once per opening
  }, [open]);

  const save = async () => {
    if (!selected) {
      message.warning(t('dictionary._61'));
      return;
    }
    setSaving(true);
    try {
      await setCurrentPrinter(selected);
      message.success(t('saved'));
      onClose();
    } catch (error) {
      if (error instanceof PrinterServiceError && error.kind === 'network') message.error({ content: t('dictionary._62'), duration: ERROR_TOAST_SECONDS });
      else notification.error({ message: t('operationFailed'), description: describe(error), duration: ERROR_TOAST_SECONDS });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t('title')}
      open={open}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('save')}
      okButtonProps={{ disabled: !state, loading: saving }}
      destroyOnHidden
    >
      {loadError && <Alert type="error" showIcon message={loadError} style={{ marginBottom: 16 }} />}
      <Form layout="vertical">
        <Form.Item label={t('printer')} extra={state ? t('current', { name: state.current || t('none') }) : undefined}>
          <Select
            aria-label={t('printer')}
            loading={!state && !loadError}
            disabled={!state}
            value={selected}
            onChange={setSelected}
            placeholder={t('placeholder')}
            options={(state?.printers ?? []).map((name) => ({ value: name, label: name }))}
            showSearch
            autoFocus
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
