/**
 * The test bench of the barcode parsing rules screen (issue 17): paste or scan a label (a
 * keyboard-wedge scanner ends with Enter, which parses; Shift+Enter is a new line), optionally the
 * vendor whose rules go first, and see which rule read it and every reel field it produced, through
 * the same BarcodeRule/Parse call receipt uses. The invisible separators of GS1 and ECIA labels are
 * shown as ␝ (GS) ␞ (RS) ␄ (EOT), and typed ␝ ␞ ␄ or <GS> <RS> <EOT> stand for them.
 */
import { useRef, useState } from 'react';
import { Alert, Button, Card, Collapse, Descriptions, Input, Space, Tag, Typography } from 'antd';
import { ExperimentOutlined } from '@ant-design/icons';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useTranslation } from 'react-i18next';
import { api, type ApiSchema } from '../../../api/client';
import { callWrapped } from '../../../api/call';
import { ApiError } from '../../../api/errors';
import { BARCODE_RULE_KINDS, BUILT_IN_RULES, REEL_FIELDS, SETTINGS_EXAMPLES, showSeparators, typedSeparators } from '../../../shared/barcodes/rules';

type ParseResult = ApiSchema<'BarcodeRuleParseResult'>;

export const parseBarcodeCall = (Barcode: string, VendorCode?: string) =>
  callWrapped(api.POST('/BarcodeRule/Parse', { body: { Barcode, ...(VendorCode ? { VendorCode } : {}) } }), { silent: true });

export function BarcodeTestBench() {
  const { t } = useTranslation('barcodeRules');
  /** A built-in reader answers the standard's name alone; a stored rule its code and name. */
  const ruleLabel = (rule: string) => (BUILT_IN_RULES.some((builtIn) => builtIn.code === rule) ? t('builtInRule', { standard: rule }) : rule);
  const scanBox = useRef<TextAreaRef>(null);
  const [scan, setScan] = useState('');
  const [vendor, setVendor] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ scan: string; result?: ParseResult; error?: string } | null>(null);

  const parse = async () => {
    const barcode = typedSeparators(scan);
    if (!barcode.trim()) return;
    setBusy(true);
    try {
      setOutcome({ scan: barcode, result: await parseBarcodeCall(barcode, vendor.trim() || undefined) });
    } catch (error) {
      const reason = error instanceof ApiError ? (error.detail ?? error.message) : String(error);
      setOutcome({ scan: barcode, error: reason });
    } finally {
      setBusy(false);
      scanBox.current?.focus();
    }
  };

  return (
    <Card size="small" title={<Space><ExperimentOutlined />{t('bench.title')}</Space>} data-testid="barcode-test-bench">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space.Compact style={{ width: '100%' }}>
          <Input.TextArea
            ref={scanBox}
            aria-label={t('bench.scan')}
            placeholder={t('bench.scanPlaceholder')}
            autoSize={{ minRows: 1, maxRows: 4 }}
            maxLength={4096}
            value={showSeparators(scan)}
            onChange={(event) => setScan(typedSeparators(event.target.value))}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                void parse();
              }
            }}
            style={{ fontFamily: 'monospace' }}
            data-testid="barcode-bench-scan"
          />
        </Space.Compact>
        <Space wrap>
          <Input
            aria-label={t('bench.vendor')}
            placeholder={t('bench.vendor')}
            value={vendor}
            onChange={(event) => setVendor(event.target.value)}
            onPressEnter={() => void parse()}
            style={{ width: 200 }}
            data-testid="barcode-bench-vendor"
          />
          <Button type="primary" loading={busy} onClick={() => void parse()} data-testid="barcode-bench-parse">
            {t('bench.parse')}
          </Button>
          <Button onClick={() => { setScan(''); setOutcome(null); scanBox.current?.focus(); }}>{t('bench.clear')}</Button>
          <Typography.Text type="secondary">{t('bench.hint')}</Typography.Text>
        </Space>
        {outcome && (
          <Typography.Text code data-testid="barcode-bench-shown" style={{ wordBreak: 'break-all' }}>
            {showSeparators(outcome.scan)}
          </Typography.Text>
        )}
        {outcome?.error && <Alert type="error" showIcon message={t('bench.refused')} description={outcome.error} data-testid="barcode-bench-error" />}
        {outcome?.result && (
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 2, lg: 4 }}
            title={<Space>{t('field.Rule')}<Tag color="green" data-testid="barcode-bench-rule">{ruleLabel(outcome.result.Rule)}</Tag></Space>}
            data-testid="barcode-bench-result"
          >
            {REEL_FIELDS.map((field) => (
              <Descriptions.Item key={field} label={t(`field.${field}`)}>
                <span data-testid={`barcode-bench-field-${field}`}>{outcome.result![field] ?? '—'}</span>
              </Descriptions.Item>
            ))}
          </Descriptions>
        )}
        <Collapse
          size="small"
          ghost
          items={[
            {
              key: 'settings',
              label: t('bench.settingsHelp'),
              children: (
                <Space direction="vertical" style={{ width: '100%' }} data-testid="barcode-settings-examples">
                  <Typography.Text type="secondary">{t('bench.settingsFields', { fields: REEL_FIELDS.join(', ') })}</Typography.Text>
                  {BARCODE_RULE_KINDS.map((kind) => (
                    <div key={kind}>
                      <Typography.Text strong>{kind}</Typography.Text> <Typography.Text type="secondary">{t(`kind.${kind}`)}</Typography.Text>
                      <br />
                      <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>{SETTINGS_EXAMPLES[kind]}</Typography.Text>
                    </div>
                  ))}
                </Space>
              ),
            },
          ]}
        />
      </Space>
    </Card>
  );
}
