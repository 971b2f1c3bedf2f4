import assert from 'node:assert/strict';
import {
  MAX_BULK_FILE_BYTES,
  MAX_BULK_ROWS,
  MAX_LISTED_PROBLEMS,
  MAX_ROW_CHARACTERS,
  describeProblem,
  formatOfPath,
  readPetRows,
} from '../../../../../src/core/explorer/bulk/petRows';

const pets = (text: string, format: 'json' | 'ndjson' | 'csv') => readPetRows(text, format);

describe('bulk rows: JSON array, NDJSON and CSV files', () => {
  it('knows each format by its extension', () => {
    assert.deepEqual(
      ['a.json', 'b.NDJSON', 'c.jsonl', 'd.csv', 'e.txt', 'json'].map(formatOfPath),
      ['json', 'ndjson', 'ndjson', 'csv', undefined, undefined],
    );
  });

  it('keeps int64 category ids beyond 2^53 exact in every format', () => {
    const big = '9223372036854775807';
    const inputs: [string, 'json' | 'ndjson' | 'csv'][] = [
      [
        `[{"name":"Rex","categoryId":${big}},{"name":"Tom","categoryId":"${big}","status":"sold"}]`,
        'json',
      ],
      [
        `{"name":"Rex","categoryId":${big}}\n{"name":"Tom","categoryId":"${big}","status":"sold"}\n`,
        'ndjson',
      ],
      [`name,categoryId,status\nRex,${big},\nTom,${big},sold\n`, 'csv'],
    ];
    for (const [text, format] of inputs) {
      const { rows, problems } = pets(text, format);
      assert.deepEqual(problems, [], format);
      assert.deepEqual(
        rows.map((row) => row.newPet),
        [
          { name: 'Rex', categoryId: 9_223_372_036_854_775_807n },
          { name: 'Tom', categoryId: 9_223_372_036_854_775_807n, status: 'sold' },
        ],
        format,
      );
    }
  });

  it('reports every invalid row with its row and line before anything is sent', () => {
    const csv = [
      'Name, CategoryId ,Status',
      'Rex,1,available',
      ',2,',
      'Tom,1.5,sold',
      'Kit,9223372036854775808,',
      'Max,3,lost',
      '"Comma, the cat",4,pending',
    ].join('\n');
    const { rows, problems } = pets(csv, 'csv');
    assert.deepEqual(
      rows.map((row) => [row.row, row.line, row.newPet.name]),
      [
        [1, 2, 'Rex'],
        [6, 7, 'Comma, the cat'],
      ],
    );
    assert.deepEqual(problems.map(describeProblem), [
      'row 2 (line 3): name: must not be empty',
      'row 3 (line 4): categoryId: must be a whole number (digits only)',
      'row 4 (line 5): categoryId: must be an integer between -9223372036854775808 and 9223372036854775807',
      'row 5 (line 6): status: must be one of available, pending, sold',
    ]);
  });

  it('keeps row numbers past an unreadable NDJSON line, and reports it once', () => {
    const { rows, problems } = pets(
      '{"name":"A","categoryId":1}\n\n{oops\n{"name":"B","categoryId":2}\n[1]\n',
      'ndjson',
    );
    assert.deepEqual(
      rows.map((row) => [row.row, row.line]),
      [
        [1, 1],
        [3, 4],
      ],
    );
    assert.equal(problems.length, 2);
    assert.match(describeProblem(problems[0]!), /^row 2 \(line 3\): not valid JSON/);
    assert.equal(
      describeProblem(problems[1]!),
      'row 4 (line 5): must be an object with name and categoryId',
    );
  });

  it('refuses a file it cannot read as a whole, saying why', () => {
    const whole = (text: string, format: 'json' | 'csv') =>
      pets(text, format).problems.map(describeProblem);
    assert.deepEqual(whole('{"name":"Rex"}', 'json'), [
      'file: must be a JSON array of pets ([{"name": …}, …])',
    ]);
    assert.match(
      whole('[{"name":"Rex","name":"Tom"}]', 'json')[0]!,
      /^file: not valid JSON: Duplicate key "name"/,
    );
    assert.match(
      whole('name,status\nRex,sold\n', 'csv')[0]!,
      /^line 1: the header must name .* missing categoryId$/,
    );
    assert.match(whole('name,categoryId\nRex,1,extra\n', 'csv')[0]!, /not valid CSV/);
    assert.match(whole('', 'csv')[0]!, /is empty/);
  });

  it('reads a CSV with a BOM, CRLF line ends, quoted newlines and unknown columns', () => {
    const { rows, problems } = pets(
      '\uFEFFnotes,name,categoryId\r\n"two\r\nlines",Rex,7\r\n',
      'csv',
    );
    assert.deepEqual(problems, []);
    assert.deepEqual(
      rows.map((row) => row.newPet),
      [{ name: 'Rex', categoryId: 7n }],
    );
  });

  it('refuses a huge cell, line or string before parsing it, saying where', () => {
    const huge = 'x'.repeat(MAX_ROW_CHARACTERS + 1);
    const json = pets(
      `[\n{"name":"ok","categoryId":1},\n{"name":"${huge}","categoryId":1}]`,
      'json',
    );
    assert.equal(json.rows.length, 0);
    assert.equal(
      describeProblem(json.problems[0]!),
      'line 3: a string longer than 10,000 characters (a name is at most 200): not read',
    );
    const ndjson = pets(
      `{"name":"ok","categoryId":1}\n{"name":"${huge}","categoryId":1}\n`,
      'ndjson',
    );
    assert.equal(ndjson.rows.length, 1);
    assert.match(
      describeProblem(ndjson.problems[0]!),
      /^row 2 \(line 2\): the line is longer than/,
    );
    const csv = pets(`name,categoryId\nok,1\n"${huge}",1\n`, 'csv');
    assert.equal(csv.rows.length, 0);
    assert.match(describeProblem(csv.problems[0]!), /a record is longer than 10,000 characters/);
  });

  it('refuses a file over the size or row limits as a whole', () => {
    const big = pets(' '.repeat(MAX_BULK_FILE_BYTES + 1), 'json');
    assert.deepEqual(big.problems.map(describeProblem), [
      'file: is larger than 16 MB: split it into smaller files',
    ]);
    const row = 'a,1\n';
    for (const [text, format] of [
      [`name,categoryId\n${row.repeat(MAX_BULK_ROWS + 1)}`, 'csv'],
      [`{"name":"a","categoryId":1}\n`.repeat(MAX_BULK_ROWS + 1), 'ndjson'],
      [
        `[${Array.from({ length: MAX_BULK_ROWS + 1 }, () => '{"name":"a","categoryId":1}').join(',')}]`,
        'json',
      ],
    ] as const) {
      const read = pets(text, format);
      assert.equal(read.rows.length, 0, format);
      assert.deepEqual(read.problems.map(describeProblem), [
        'file: holds more than 100,000 pets: split it into smaller files',
      ]);
    }
  });

  it(`lists the first ${MAX_LISTED_PROBLEMS} problems and counts the rest`, () => {
    const read = pets(`name,categoryId\n${',x\n'.repeat(5000)}`, 'csv');
    assert.equal(read.problems.length, MAX_LISTED_PROBLEMS);
    assert.equal(read.problemCount, 5000);
    assert.equal(read.problems[0]!.row, 1);
  });
});
