import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { toCsv } from '../../src/lib/csv';

describe('toCsv', () => {
  it('writes a header row and one line per row, without needless quotes', async () => {
    expect(
      await toCsv(
        ['Guard ID', 'Name'],
        [
          ['G-001', 'Ahmad'],
          ['G-002', 'Bala'],
        ],
      ),
    ).toBe('Guard ID,Name\r\nG-001,Ahmad\r\nG-002,Bala');
  });

  it('quotes values holding a comma, a quote or a newline, doubling the quotes', async () => {
    const csv = await toCsv(
      ['Site'],
      [['Block A, Tower 1'], ['The "Grand" Tower'], ['Line 1\nLine 2']],
    );
    expect(csv).toBe('Site\r\n"Block A, Tower 1"\r\n"The ""Grand"" Tower"\r\n"Line 1\nLine 2"');
  });

  it('prefixes a quote to values a spreadsheet would run as a formula', async () => {
    const values = ['=1+2', '+60123', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd'];
    const csv = await toCsv(
      ['Value'],
      values.map((value) => [value]),
    );
    const parsed = Papa.parse<string[]>(csv)
      .data.slice(1)
      .map(([value]) => value);
    expect(parsed).toEqual(values.map((value) => `'${value}`));
  });

  it('still prefixes text that only starts like a number', async () => {
    const values = ['=SUM(A1)', '-1+2', '@cmd', '-6.1, 106.1\n=cmd', '-1.5e3', '- 2'];
    const csv = await toCsv(
      ['Value'],
      values.map((value) => [value]),
    );
    const parsed = Papa.parse<string[]>(csv)
      .data.slice(1)
      .map(([value]) => value);
    expect(parsed).toEqual(values.map((value) => `'${value}`));
  });

  it('leaves a negative number or a "lat, lng" pair of numbers as it is', async () => {
    const values = ['-6.1234567, 106.1', '-6.1234567,-106.1234567', '-42', '-0.5', '12'];
    const csv = await toCsv(
      ['Value'],
      values.map((value) => [value]),
    );
    expect(csv).toBe(
      'Value\r\n"-6.1234567, 106.1"\r\n"-6.1234567,-106.1234567"\r\n-42\r\n-0.5\r\n12',
    );
  });

  it('neutralises a formula that spans several lines', async () => {
    const csv = await toCsv(['Value'], [['=HYPERLINK("http://x")\nmore']]);
    expect(csv).toBe('Value\r\n"\'=HYPERLINK(""http://x"")\nmore"');
  });

  it('leaves numbers, and text with a formula sign inside, as they are', async () => {
    expect(await toCsv(['A', 'B', 'C'], [[-3.5, 'a=b', null]])).toBe('A,B,C\r\n-3.5,a=b,');
  });
});
