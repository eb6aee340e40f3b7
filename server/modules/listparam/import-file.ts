/**
 * Reading an uploaded search-configuration file (ListParam/Import): the JSON Export gave (a
 * ListConfigExport with PARAMS) or a bare array of settings rows. Each row must be a valid
 * ListSettingInput of the contract (checked with the contract's own schema, defaults filled in);
 * its ID and LIST_ROUTE are dropped, as the rows are imported into the list the form names.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { loadContract } from '../../contract.ts';
import { Problem } from '../../http/problem.ts';
import { findNulCharacter } from '../../http/validation.ts';
import type { ListSettingInput } from './settings.ts';
import { importFileRows } from '../../../src/shared/search/list-settings.ts';

let validateSettingInput: ValidateFunction | undefined;

function settingInputValidator(): ValidateFunction {
  if (!validateSettingInput) {
    // The same options as request validation (server/http/validation.ts): strict types, defaults filled.
    const ajv = new Ajv2020({ strict: false, useDefaults: true, removeAdditional: false, coerceTypes: false });
    addFormats(ajv);
    ajv.addSchema(loadContract(), 'contract');
    validateSettingInput = ajv.getSchema('contract#/components/schemas/ListSettingInput')!;
  }
  return validateSettingInput;
}

const invalid = (detail: string) => new Problem(400, 'listImportInvalid', { detail });

/** The settings of the file, ready for saveSettings into `listRoute`. */
export function settingsOfImportFile(fileText: string, listRoute: string): ListSettingInput[] {
  const rows = importFileRows(fileText);
  // The file's text passed the request's NUL check, but a \u0000 escape inside it becomes one here.
  const nul = findNulCharacter(rows, 'PARAMS');
  if (nul) throw new Problem(400, 'nulCharacter', { field: nul });

  const validate = settingInputValidator();
  return rows.map((row, index) => {
    const candidate = { ...(row as object), LIST_ROUTE: listRoute } as Record<string, unknown>;
    delete candidate.ID;
    if (!validate(candidate)) {
      const error = validate.errors?.[0];
      throw invalid(`PARAMS[${index}]${error?.instancePath ?? ''} ${error?.message ?? ''}`.trim());
    }
    return candidate as ListSettingInput;
  });
}
