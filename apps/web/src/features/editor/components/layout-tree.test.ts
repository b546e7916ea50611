import { TemplateBuilder } from '@funnelwork/blocks';
import { describe, expect, it } from 'vitest';
import { layoutTreeLines, type TreeItem, treeKeyAction } from './layout-tree.ts';

/** Section 1: a two-column row (Headline | Container holding a Paragraph); Section 2: an empty section. */
function page() {
  const builder = new TemplateBuilder(3);
  const first = builder.section();
  const [left, right] = builder.row(first, 'two');
  const headline = builder.block(left!, 'headline');
  const container = builder.block(right!, 'container');
  const [box] = builder.boxes(container, [100]);
  const paragraph = builder.block(box!, 'paragraph');
  const second = builder.section();
  const document = builder.build();
  const rowId = document.content[0]!.children[0]!;
  return { document, first, second, rowId, headline, container, paragraph };
}

const items = (lines: ReturnType<typeof layoutTreeLines>) =>
  lines.filter((line): line is TreeItem => line.kind === 'item');

describe('the Layout panel as a WAI-ARIA tree (issue 39)', () => {
  const p = page();

  it('gives each node its level, place in its list and open state, with column captions between', () => {
    const lines = layoutTreeLines(p.document, new Set());
    expect(
      lines.map((line) =>
        line.kind === 'caption'
          ? line.text
          : `${line.label} L${line.level} ${line.posinset}/${line.setsize} ${line.expandable ? (line.expanded ? 'open' : 'closed') : 'leaf'}`,
      ),
    ).toEqual([
      'Section 1 L1 1/2 open',
      'Row 1 L2 1/1 open',
      'Column 1 · 50%',
      'Headline L3 1/1 leaf',
      'Column 2 · 50%',
      'Container L3 1/1 open',
      'Paragraph L4 1/1 leaf',
      'Section 2 L1 2/2 leaf',
    ]);
    expect(items(lines).find((item) => item.id === p.paragraph)?.parent).toBe(p.container);
  });

  it("hides a collapsed node's children", () => {
    const lines = layoutTreeLines(p.document, new Set([p.rowId]));
    expect(items(lines).map((item) => item.label)).toEqual(['Section 1', 'Row 1', 'Section 2']);
    expect(items(lines)[1]?.expanded).toBe(false);
  });

  it('moves with Up, Down, Home and End over the items that show', () => {
    const lines = layoutTreeLines(p.document, new Set());
    expect(treeKeyAction(lines, p.rowId, 'ArrowDown')).toEqual({ focus: p.headline });
    expect(treeKeyAction(lines, p.headline, 'ArrowUp')).toEqual({ focus: p.rowId });
    expect(treeKeyAction(lines, p.first, 'ArrowUp')).toBeNull();
    expect(treeKeyAction(lines, p.second, 'ArrowDown')).toBeNull();
    expect(treeKeyAction(lines, p.paragraph, 'Home')).toEqual({ focus: p.first });
    expect(treeKeyAction(lines, p.first, 'End')).toEqual({ focus: p.second });
    const closed = layoutTreeLines(p.document, new Set([p.first]));
    expect(treeKeyAction(closed, p.first, 'ArrowDown')).toEqual({ focus: p.second });
  });

  it('opens or enters with Right, closes or goes to the parent with Left', () => {
    const open = layoutTreeLines(p.document, new Set());
    expect(treeKeyAction(open, p.container, 'ArrowRight')).toEqual({ focus: p.paragraph });
    expect(treeKeyAction(open, p.container, 'ArrowLeft')).toEqual({ collapse: p.container });
    expect(treeKeyAction(open, p.paragraph, 'ArrowLeft')).toEqual({ focus: p.container });
    expect(treeKeyAction(open, p.headline, 'ArrowRight')).toBeNull();
    expect(treeKeyAction(open, p.first, 'ArrowLeft')).toEqual({ collapse: p.first });
    const closed = layoutTreeLines(p.document, new Set([p.container]));
    expect(treeKeyAction(closed, p.container, 'ArrowRight')).toEqual({ expand: p.container });
    expect(treeKeyAction(closed, p.container, 'ArrowLeft')).toEqual({ focus: p.rowId });
    expect(treeKeyAction(closed, p.first, 'Enter')).toBeNull();
  });
});
