import { describe, expect, it } from 'vitest';
import { namesImported, reExportsOf } from '../../../build-tools/loginChunk.ts';

describe('login chunk: import and export statements read by the parser', () => {
  it('takes the names an importer uses from a package, over several lines, renamed or default', () => {
    const code = `import Default, {\n  Button as B,\n  Form, // the form\n} from 'antd';\nimport { Input } from "antd";\nimport { x } from 'antd/es/other';`;
    expect(namesImported(code, 'antd')).toEqual(['default', 'Button', 'Form', 'Input']);
    expect(namesImported(code, 'antd/es/other')).toEqual(['x']);
  });

  it('is not fooled by an import written in a comment or a string', () => {
    const code = `// import { Table } from 'antd'\nconst s = "import { Modal } from 'antd'";\nimport { Button } from 'antd';`;
    expect(namesImported(code, 'antd')).toEqual(['Button']);
  });

  it('takes the whole module for a namespace import, a bare import, a re-export or a module not imported', () => {
    expect(namesImported(`import * as all from 'antd';`, 'antd')).toBeUndefined();
    expect(namesImported(`import { Button } from 'antd'; import 'antd';`, 'antd')).toBeUndefined();
    expect(namesImported(`export { Button } from 'antd';`, 'antd')).toBeUndefined();
    expect(namesImported(`import { Button } from 'antd';`, '@ant-design/icons')).toBeUndefined();
    expect(namesImported(`import { from 'antd'`, 'antd')).toBeUndefined();
  });

  it('lists a barrel’s re-exports by their exported names, and export * without names', () => {
    const code = `export { default as Button } from './button';\nexport { X, Y as Z } from "./x";\nexport * from './icons';\nexport const local = 1;`;
    expect(reExportsOf(code)).toEqual([
      { source: './button', names: ['Button'] },
      { source: './x', names: ['X', 'Z'] },
      { source: './icons' },
    ]);
  });
});
