import { formatPrice, fromMinorUnits } from '@funnelwork/domain/rules';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import type { ChargeRow } from './billing.queries.ts';

const day = (value: Date | string | null) =>
  value
    ? new Date(value).toLocaleDateString('en-GB', {
        day: '2-digit',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      })
    : '';

/** The invoice of one paid charge, as a one-page PDF (pdf-lib, standard Helvetica). */
export async function renderInvoicePdf({
  charge,
  accountName,
  billedTo,
}: {
  charge: ChargeRow & { planName: string };
  accountName: string;
  billedTo: string;
}): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Invoice FW-${charge.id}`);
  pdf.setAuthor('Funnelwork');
  pdf.setCreationDate(new Date(charge.createdAt));
  pdf.setModificationDate(new Date(charge.createdAt));
  const page = pdf.addPage([595, 842]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.15, 0.16, 0.2);
  const grey = rgb(0.45, 0.47, 0.52);
  // Helvetica's WinAnsi encoding: characters it lacks become '?' rather than failing the invoice.
  const safe = (text: string) => text.replace(/[^\x20-\x7E\u00A0-\u00FF\u20AC]/g, '?');
  const write = (text: string, x: number, y: number, size = 11, font = regular, color = ink) =>
    page.drawText(safe(text), { x, y, size, font, color });

  write('Funnelwork', 50, 780, 22, bold);
  write('INVOICE', 430, 780, 18, bold);
  write(`Invoice number: FW-${charge.id}`, 380, 750, 10, regular, grey);
  write(`Date: ${day(charge.createdAt)}`, 380, 735, 10, regular, grey);
  write('Billed to', 50, 735, 10, bold, grey);
  write(accountName, 50, 720);
  write(billedTo, 50, 705);

  page.drawLine({ start: { x: 50, y: 670 }, end: { x: 545, y: 670 }, thickness: 1, color: grey });
  write('Description', 50, 652, 10, bold, grey);
  write('Period', 300, 652, 10, bold, grey);
  write('Amount', 480, 652, 10, bold, grey);
  const amount = formatPrice(fromMinorUnits(charge.amountMinor), charge.currency);
  write(charge.description, 50, 630);
  write(`${day(charge.periodStart)} - ${day(charge.periodEnd)}`, 300, 630);
  write(amount, 480, 630);
  page.drawLine({ start: { x: 50, y: 610 }, end: { x: 545, y: 610 }, thickness: 1, color: grey });
  write('Total paid', 380, 590, 12, bold);
  write(amount, 480, 590, 12, bold);
  write(`Payment reference: ${charge.reference ?? ''}`, 50, 550, 9, regular, grey);
  return Buffer.from(await pdf.save());
}
