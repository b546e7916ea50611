import { describe, expect, it } from 'vitest';
import { blockChanges, combinedPublishStatus, countedPublishStatus, pagePublishStatus } from './rules.ts';

describe('publish states', () => {
  it("a page never published is a 'draft'; saved since its publish, 'changed'", () => {
    expect(pagePublishStatus({ version: 1, published_revision: null, published_version_id: null })).toBe(
      'draft',
    );
    expect(pagePublishStatus({ version: 4, published_revision: 4, published_version_id: 9 })).toBe(
      'published',
    );
    expect(pagePublishStatus({ version: 5, published_revision: 4, published_version_id: 9 })).toBe('changed');
  });

  it("a funnel not live is a 'draft'; a mix of pages has changes not published", () => {
    expect(combinedPublishStatus(['published', 'published'])).toBe('published');
    expect(combinedPublishStatus(['published', 'published'], false)).toBe('draft');
    expect(combinedPublishStatus(['draft', 'draft'])).toBe('draft');
    expect(combinedPublishStatus(['published', 'draft'])).toBe('changed');
    expect(combinedPublishStatus(['changed'])).toBe('changed');
    expect(combinedPublishStatus([])).toBe('draft');
    expect(countedPublishStatus({ total: 3, draft: 0, published: 3 }, true)).toBe('published');
    expect(countedPublishStatus({ total: 3, draft: 3, published: 0 }, true)).toBe('draft');
    expect(countedPublishStatus({ total: 3, draft: 0, published: 2 }, true)).toBe('changed');
    expect(countedPublishStatus({ total: 3, draft: 0, published: 3 }, false)).toBe('draft');
  });
});

describe('blockChanges', () => {
  const doc = (children: Record<string, unknown>) => ({ children });
  it('names blocks added, removed and edited by id, whatever the order of their keys', () => {
    const before = doc({
      '2': { id: 2, type: 'headline', attributes: { text: 'Hi', size: 1 } },
      '3': { id: 3, type: 'text', attributes: { text: 'Old' } },
      '10': { id: 10, type: 'image', attributes: {} },
    });
    const after = doc({
      '2': { type: 'headline', id: 2, attributes: { size: 1, text: 'Hi' } },
      '3': { id: 3, type: 'text', attributes: { text: 'New' } },
      '11': { id: 11, type: 'button', attributes: {} },
      '4': { id: 4, type: 'button', attributes: {} },
    });
    expect(blockChanges(before, after)).toEqual({ added: ['4', '11'], removed: ['10'], edited: ['3'] });
    expect(blockChanges(null, after).added).toEqual(['2', '3', '4', '11']);
    expect(blockChanges(after, after)).toEqual({ added: [], removed: [], edited: [] });
  });
});
