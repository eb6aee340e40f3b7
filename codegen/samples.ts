/**
 * Schema-valid example bodies for every operation's 200 response, made with openapi-sampler; a
 * plain string it could only fill with "string" gets a value that looks like what the property
 * holds in a plant (by the property's name), so no mock screen shows "string" (issue 16).
 */
import OpenAPISampler from 'openapi-sampler';
import { listOperations } from './generate.ts';

export function sampleOperations(contract: Record<string, any>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { operationId, op } of listOperations(contract)) {
    const schema = op.responses?.['200']?.content?.['application/json']?.schema;
    if (!schema) continue;
    const sample = OpenAPISampler.sample(schema, { skipReadOnly: true, quiet: true }, contract);
    out[operationId] = plausibleStrings(withoutEstimateFlag(dropCircularStubs(sample)));
  }
  return out;
}

/**
 * `countIsEstimate` (const true) says more than 10,000 rows match: a sample of a row or two is exact, and with the
 * flag the screen would show "about 1 row". Absent is the common answer.
 */
function withoutEstimateFlag(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'countIsEstimate'));
}

/** openapi-sampler stops a recursive schema (a menu's children) with `{}`; an empty list is the valid leaf. */
function dropCircularStubs(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value
      .filter((v) => !(v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0))
      .map(dropCircularStubs);
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, dropCircularStubs(v)]));
  }
  return value;
}

/**
 * Values by property name (case and underscores ignored), first match wins: a code looks like the
 * plant's codes, a name like a name, a link like a link. Only openapi-sampler's placeholder is
 * replaced: enums, formats and examples of the contract keep the sampler's value.
 */
const PLAUSIBLE: readonly (readonly [RegExp, string])[] = [
  [/^(old|new)?partcode$/, 'CAP-00001'],
  [/^lotcode$/, 'L261124-01'],
  [/reelcode$/, 'R000000001'],
  [/billcode$/, 'IN202611240001'],
  [/^rackcode$/, 'R01'],
  [/^cellcode$/, 'R01-C03'],
  [/^rackname$/, '贴片料架 R01'],
  [/^printer$/, 'ZDesigner GK888t'],
  [/^(senderror|error)$/, ''],
  [/^reason$/, '采购收货'],
  [/vendorcode$/, 'V0001'],
  [/^datecode$/, '2647'],
  [/^keyfield$/, 'id'],
  [/^(org|organize)id$/, 'org-f01'],
  [/^(user)?id$|^parentid$|id$/, 'id-0001'],
  [/^(msg|message)$/, '操作成功'],
  [/^reportfile$/, ''],
  [/^reportname$/, '导入错误.xlsx'],
  [/^filename$/, '说明书.pdf'],
  [/^contenttype$/, 'application/pdf'],
  [/^(uploadedby|username|createdby|updatedby)$/, 'ADMIN'],
  [/^(token)$/, 'mock-token'],
  [/^(ticket)$/, 'mock-ticket'],
  [/^password$/, ''],
  [/^publickey$/, ''],
  [/storagelocationcode$|^sic$/, 'RAW01'],
  [/^loc$|locatorcode$/, 'RAW01-01'],
  [/^factorycode$/, 'P100'],
  [/^appcode$/, 'PC'],
  [/^orgtype$/, 'FACTORY'],
  [/^organizecode$/, 'F01'],
  [/^organizename$/, '一厂'],
  [/menucode$/, 'MasterPart'],
  [/^(menuname|menutitle)$/, '物料'],
  [/^(menuen|menuentitle)$/, 'Part'],
  [/icon(url)?$/, 'AppstoreOutlined'],
  [/^buttonname$/, '保存'],
  [/^buttonnameen$/, 'Save'],
  [/(url|route|link)$/, '/masterdata/part'],
  [/^callalias$/, 'part-list'],
  [/^(fieldname|paramname)$/, 'code'],
  [/^(fieldcaption|paramcaption|title)$/, '料号'],
  [/^columns$/, 'code,name'],
  [/^(paramvalue|defaultvalue|showformat)$/, ''],
  [/^(billtype)$/, 'IN'],
  [/^version$/, '1.0.0'],
  [/^phone$/, '0755-66000001'],
  [/^email$/, 'user@plant.example'],
  [/^address$/, '广东省深圳市宝安区'],
  [/^contact$/, '张伟'],
  [/^shortname$/, '示例电子'],
  [/(nameen|^enname)$/, 'Sample'],
  [/name$/, '示例名称'],
  [/code$/, 'C001'],
  [/remark|description|content$/, '示例说明'],
];

function plausibleStrings(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => plausibleStrings(item, key));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plausibleStrings(v, k)]));
  if (value !== 'string') return value;
  const name = key.toLowerCase().replaceAll('_', '');
  return PLAUSIBLE.find(([pattern]) => pattern.test(name))?.[1] ?? '示例';
}
