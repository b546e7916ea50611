import { describe, expect, test } from 'vitest';
import { StyleSheet } from './css.ts';

/** Nodes 1–9 are leaf blocks; 50 is a section (its rules may reach the blocks inside it). */
const grouping = { isLeafBlock: (id: number) => id < 10 };

describe('StyleSheet grouping of identical rules (published pages)', () => {
  test('identical rules of different leaf blocks are written once, at the first one’s place', () => {
    const sheet = new StyleSheet(grouping);
    sheet.add('.fw-n1>.fw-box', { padding: '12px', 'line-height': 1.2 });
    sheet.add('.fw-n2>.fw-box', { margin: 0, 'line-height': 1.5 });
    sheet.add('.fw-n3>.fw-box', { padding: '12px', 'line-height': 1.2 });
    expect(sheet.toString()).toBe(
      '.fw-n1>.fw-box,.fw-n3>.fw-box{padding:12px;line-height:1.2}\n.fw-n2>.fw-box{margin:0;line-height:1.5}',
    );
  });

  test('a rule never moves before an equally specific rule of its own node that sets a property differently', () => {
    const sheet = new StyleSheet(grouping);
    sheet.add('.fw-n1 .fw-title', { color: 'red' });
    sheet.add('.fw-n2 .fw-title', { color: 'blue' });
    // Same specificity as `.fw-n2 .fw-title` and may match the same element: order decides, so it stays.
    sheet.add('.fw-n2 .fw-text', { color: 'red' });
    expect(sheet.toString()).toBe(
      '.fw-n1 .fw-title{color:red}\n.fw-n2 .fw-title{color:blue}\n.fw-n2 .fw-text{color:red}',
    );
  });

  test('it may move before such a rule when their specificities differ (order never decides then)', () => {
    const sheet = new StyleSheet(grouping);
    sheet.add('.fw-n1>.fw-box:hover', { color: 'red' });
    sheet.add('.fw-n2>.fw-box', { color: 'blue' });
    sheet.add('.fw-n2>.fw-box:hover', { color: 'red' });
    expect(sheet.toString()).toBe(
      '.fw-n1>.fw-box:hover,.fw-n2>.fw-box:hover{color:red}\n.fw-n2>.fw-box{color:blue}',
    );
  });

  test('a rule of an enclosing node (section) counts as matching the same elements', () => {
    const sheet = new StyleSheet(grouping);
    sheet.add('.fw-n1 .fw-title', { color: 'red' });
    sheet.add('.fw-n50 .fw-title', { color: 'blue' });
    sheet.add('.fw-n2 .fw-title', { color: 'red' });
    expect(sheet.toString()).toBe(
      '.fw-n1 .fw-title{color:red}\n.fw-n50 .fw-title{color:blue}\n.fw-n2 .fw-title{color:red}',
    );
  });

  test('shorthands conflict with their longhands', () => {
    const sheet = new StyleSheet(grouping);
    sheet.add('.fw-n1', { 'border-top': '1px solid red' });
    sheet.add('.fw-n50', { border: '0' });
    sheet.add('.fw-n2', { 'border-top': '1px solid red' });
    expect(sheet.toString().split('\n')).toHaveLength(3);
  });

  test('pseudo-elements, vendor prefixes and sibling combinators are never grouped', () => {
    const sheet = new StyleSheet(grouping);
    for (const selector of [
      '.fw-n1 input::placeholder',
      '.fw-n2 input::placeholder',
      '.fw-n3+.fw-block',
      '.fw-n4+.fw-block',
    ])
      sheet.add(selector, { color: 'gray' });
    expect(sheet.toString().split('\n')).toHaveLength(4);
  });

  test('rules are grouped within each device, never across media queries', () => {
    const sheet = new StyleSheet(grouping);
    sheet.add('.fw-n1', { 'text-align': 'center' }, 'mobile');
    sheet.add('.fw-n2', { 'text-align': 'center' });
    sheet.add('.fw-n3', { 'text-align': 'center' }, 'mobile');
    expect(sheet.toString()).toBe(
      '.fw-n2{text-align:center}\n@media (max-width: 699.98px){\n.fw-n1,.fw-n3{text-align:center}\n}',
    );
  });

  test('without grouping (the editor) every selector keeps its own rule', () => {
    const sheet = new StyleSheet();
    sheet.add('.fw-n1', { color: 'red' });
    sheet.add('.fw-n2', { color: 'red' });
    expect(sheet.toString()).toBe('.fw-n1{color:red}\n.fw-n2{color:red}');
  });
});
