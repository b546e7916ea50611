import { describe, expect, it } from 'vitest';
import { samplePage } from '../test-support.ts';
import { CORRUPT_DOCUMENT_MESSAGE, CorruptDocumentError } from './corrupt.ts';
import { emptyDocument } from './empty.ts';
import { fillDefaults, migrateDocument } from './migrate.ts';
import { defaultPageSettings } from './page-settings.ts';

/** The page document the server stores today, before documents had versions. */
const serverEmptyPage = {
  content: [],
  rows: {},
  children: {},
  settings: {
    backgroundColor: '#FFFFFF',
    backgroundImage: '',
    padding: { top: 68, right: 30, bottom: 100, left: 30 },
    font: {
      family: 'Roboto',
      size: 14,
      color: '#252A32',
      bold: false,
      italic: false,
      lineThrough: false,
      underline: false,
    },
    border: { width: 0, color: '#252A32', style: 'solid', radius: 0 },
    advanced: { id: '', cssClasses: '' },
    direction: 'ltr',
  },
};

const corruptIssues = (stored: unknown): unknown => {
  try {
    migrateDocument(stored);
  } catch (error) {
    if (error instanceof CorruptDocumentError) return { message: error.message, issues: error.issues };
    throw error;
  }
  throw new Error('Expected the document to be corrupt');
};

describe('migrateDocument: versioned migrations', () => {
  it('upgrades an unversioned page document to version 1 without changing it otherwise', () => {
    expect(migrateDocument(serverEmptyPage)).toEqual(emptyDocument('page'));
  });

  it('reads a stored document from its JSON text', () => {
    expect(migrateDocument(JSON.stringify(serverEmptyPage))).toEqual(emptyDocument('page'));
    const page = samplePage();
    expect(migrateDocument(JSON.stringify(page))).toEqual(page);
  });

  it('fills the settings an old document lacks with the defaults of its kind (e-mail bottom 200)', () => {
    const stored = { content: [], rows: {}, children: {}, settings: { backgroundColor: '#000000' } };
    expect(migrateDocument(stored, { kind: 'email' })).toEqual({
      ...emptyDocument('email'),
      settings: { ...defaultPageSettings('email'), backgroundColor: '#000000' },
    });
    expect(migrateDocument({ content: [], rows: {}, children: {} }).settings).toEqual(
      defaultPageSettings('page'),
    );
  });

  it('fills block, row and section attributes an old document lacks, keeping what it has', () => {
    const page = JSON.parse(JSON.stringify(samplePage()));
    delete page.version;
    delete page.kind;
    page.content[0].attributes = { basic: { width: 'half' } };
    delete page.rows[2].labelColor;
    page.children[10].attributes = { basic: { font: { size: 32 } } };
    delete page.children[10].responsive;
    const migrated = migrateDocument(page);
    const expected = samplePage();
    expect(migrated.content[0]?.attributes.basic).toEqual({
      ...expected.content[0]?.attributes.basic,
      width: 'half',
    });
    expect(migrated.rows[2]?.labelColor).toBe('#4368E0');
    const headline = migrated.children[10];
    expect(headline?.type === 'headline' && headline.attributes.basic.font).toEqual({
      family: 'Roboto',
      size: 32,
      color: '#252A32',
      bold: true,
      italic: false,
      lineThrough: false,
      underline: false,
      align: 'left',
    });
    expect(headline?.responsive).toEqual({ desktop: true, mobile: true, tablets: true });
  });

  it('fillDefaults keeps stored values, even arrays and wrong ones, and fills only what is missing', () => {
    expect(fillDefaults({ a: 1, b: { c: 2, d: 3 }, e: [1] }, { b: { c: 9 }, e: [], f: 'x' })).toEqual({
      a: 1,
      b: { c: 9, d: 3 },
      e: [],
      f: 'x',
    });
    expect(fillDefaults({ a: 1 }, null)).toBe(null);
  });
});

describe('migrateDocument: corrupt documents (spec §5)', () => {
  it("\"Saved page config that cannot be parsed logs 'Page data seems corrupt couldn't read it! …'\"", () => {
    expect(CORRUPT_DOCUMENT_MESSAGE).toBe(
      "Page data seems corrupt couldn't read it! try again later or create a new page.",
    );
    expect(() => migrateDocument('{"content": [')).toThrow(CorruptDocumentError);
    expect(() => migrateDocument('{"content": [')).toThrow(
      "Page data seems corrupt couldn't read it! try again later or create a new page.",
    );
    expect(corruptIssues('{"content": [')).toEqual({
      message: CORRUPT_DOCUMENT_MESSAGE,
      issues: [{ path: '', message: 'Not JSON' }],
    });
  });

  it('says where a document is wrong', () => {
    expect(corruptIssues(42)).toEqual({
      message: CORRUPT_DOCUMENT_MESSAGE,
      issues: [{ path: '', message: 'Not an object' }],
    });
    expect(corruptIssues([])).toEqual({
      message: CORRUPT_DOCUMENT_MESSAGE,
      issues: [{ path: '', message: 'Not an object' }],
    });
    expect(corruptIssues({ rows: {}, children: {} })).toEqual({
      message: CORRUPT_DOCUMENT_MESSAGE,
      issues: [{ path: 'content', message: 'Invalid input: expected array, received undefined' }],
    });
    expect(corruptIssues({ ...serverEmptyPage, content: [{ id: 1, children: [5] }] })).toEqual({
      message: CORRUPT_DOCUMENT_MESSAGE,
      issues: [{ path: 'content[0].children[0]', message: 'Row 5 does not exist' }],
    });
  });

  it('refuses a version it does not know', () => {
    expect(corruptIssues({ ...emptyDocument(), version: 2 })).toEqual({
      message: CORRUPT_DOCUMENT_MESSAGE,
      issues: [{ path: 'version', message: 'Version 2 is newer than this editor' }],
    });
    expect(corruptIssues({ ...emptyDocument(), version: '1' })).toEqual({
      message: CORRUPT_DOCUMENT_MESSAGE,
      issues: [{ path: 'version', message: 'Unknown version "1"' }],
    });
    expect(corruptIssues({ ...emptyDocument(), version: -1 })).toEqual({
      message: CORRUPT_DOCUMENT_MESSAGE,
      issues: [{ path: 'version', message: 'Unknown version -1' }],
    });
  });

  it('the error is typed and keeps the JSON failure as its cause', () => {
    let caught: unknown;
    try {
      migrateDocument('not json');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(CorruptDocumentError);
    expect(caught instanceof CorruptDocumentError && caught.name).toBe('CorruptDocumentError');
    expect(caught instanceof Error && caught.cause).toBeInstanceOf(SyntaxError);
  });
});
