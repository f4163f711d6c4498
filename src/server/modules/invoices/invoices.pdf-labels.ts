import type { InvoiceLine } from '../../../domain/modules/invoices/invoices.schema.js';
import type { DocumentLang } from '../../../domain/pdf.js';

/** The language a customer's invoices and credit notes are written in: its own, else the firm's. */
export const customerDocumentLang = (customerLanguage: string | null, firmLanguage: DocumentLang): DocumentLang =>
  (customerLanguage as DocumentLang | null) ?? firmLanguage;

/** The invoice's words in each language a customer may read it in. */
export interface InvoiceLabels {
  invoice: string;
  /** A credit note's title, and the line naming the invoice it gives part of back. */
  creditNote: string;
  credits: (number: string) => string;
  draft: string;
  billTo: string;
  code: string;
  taxId: string;
  issueDate: string;
  dueDate: string;
  period: string;
  terms: string;
  termsText: (days: number) => string;
  description: string;
  quantity: string;
  unit: string;
  unitPrice: string;
  amount: string;
  units: Record<InvoiceLine['unit'], string>;
  subtotal: (currency: string) => string;
  tax: (rate: string) => string;
  total: (currency: string) => string;
  payment: string;
  reference: (number: string) => string;
  note: string;
  cancelled: string;
  paid: (date: string) => string;
}

export const INVOICE_LABELS: Record<DocumentLang, InvoiceLabels> = {
  en: {
    invoice: 'Invoice',
    creditNote: 'Credit note',
    credits: (n) => `Credits invoice ${n}`,
    draft: 'Draft',
    billTo: 'Bill to',
    code: 'Customer code',
    taxId: 'Tax ID',
    issueDate: 'Issue date',
    dueDate: 'Due date',
    period: 'Billing period',
    terms: 'Payment terms',
    termsText: (d) => (d === 0 ? 'Due on receipt' : `${d} days`),
    description: 'Description',
    quantity: 'Quantity',
    unit: 'Unit',
    unitPrice: 'Unit price',
    amount: 'Amount',
    units: { hour: 'hour', day: 'day', month: 'month', item: 'item' },
    subtotal: (c) => `Subtotal (${c})`,
    tax: (r) => `Tax (${r} %)`,
    total: (c) => `Total (${c})`,
    payment: 'Payment details',
    reference: (n) => `Please quote ${n} with your payment.`,
    note: 'Note',
    cancelled: 'Cancelled',
    paid: (d) => `Paid on ${d}`,
  },
  fr: {
    invoice: 'Facture',
    creditNote: 'Avoir',
    credits: (n) => `Avoir sur la facture ${n}`,
    draft: 'Brouillon',
    billTo: 'Facturé à',
    code: 'Code client',
    taxId: 'N° fiscal',
    issueDate: 'Date d’émission',
    dueDate: 'Échéance',
    period: 'Période facturée',
    terms: 'Conditions de paiement',
    termsText: (d) => (d === 0 ? 'À réception' : `${d} jours`),
    description: 'Désignation',
    quantity: 'Quantité',
    unit: 'Unité',
    unitPrice: 'Prix unitaire',
    amount: 'Montant',
    units: { hour: 'heure', day: 'jour', month: 'mois', item: 'article' },
    subtotal: (c) => `Sous-total (${c})`,
    tax: (r) => `TVA (${r} %)`,
    total: (c) => `Total (${c})`,
    payment: 'Coordonnées de paiement',
    reference: (n) => `Merci de rappeler ${n} avec votre paiement.`,
    note: 'Note',
    cancelled: 'Annulée',
    paid: (d) => `Payée le ${d}`,
  },
  vi: {
    invoice: 'Hóa đơn',
    creditNote: 'Hóa đơn điều chỉnh giảm',
    credits: (n) => `Điều chỉnh giảm cho hóa đơn ${n}`,
    draft: 'Bản nháp',
    billTo: 'Khách hàng',
    code: 'Mã khách hàng',
    taxId: 'Mã số thuế',
    issueDate: 'Ngày lập',
    dueDate: 'Hạn thanh toán',
    period: 'Kỳ thanh toán',
    terms: 'Điều khoản thanh toán',
    termsText: (d) => (d === 0 ? 'Thanh toán khi nhận' : `${d} ngày`),
    description: 'Mô tả',
    quantity: 'Số lượng',
    unit: 'Đơn vị',
    unitPrice: 'Đơn giá',
    amount: 'Thành tiền',
    units: { hour: 'giờ', day: 'ngày', month: 'tháng', item: 'mục' },
    subtotal: (c) => `Cộng tiền hàng (${c})`,
    tax: (r) => `Thuế (${r} %)`,
    total: (c) => `Tổng cộng (${c})`,
    payment: 'Thông tin thanh toán',
    reference: (n) => `Vui lòng ghi số ${n} khi thanh toán.`,
    note: 'Ghi chú',
    cancelled: 'Đã hủy',
    paid: (d) => `Đã thanh toán ngày ${d}`,
  },
  cn: {
    invoice: '发票',
    creditNote: '贷项通知单',
    credits: (n) => `冲减发票 ${n}`,
    draft: '草稿',
    billTo: '客户',
    code: '客户代码',
    taxId: '税号',
    issueDate: '开票日期',
    dueDate: '到期日',
    period: '账期',
    terms: '付款条件',
    termsText: (d) => (d === 0 ? '收到即付' : `${d} 天`),
    description: '描述',
    quantity: '数量',
    unit: '单位',
    unitPrice: '单价',
    amount: '金额',
    units: { hour: '小时', day: '天', month: '月', item: '项' },
    subtotal: (c) => `小计 (${c})`,
    tax: (r) => `税额 (${r} %)`,
    total: (c) => `合计 (${c})`,
    payment: '付款信息',
    reference: (n) => `付款时请注明 ${n}。`,
    note: '备注',
    cancelled: '已作废',
    paid: (d) => `已于 ${d} 付款`,
  },
  ar: {
    invoice: 'فاتورة',
    creditNote: 'إشعار دائن',
    credits: (n) => `عن الفاتورة ${n}`,
    draft: 'مسودة',
    billTo: 'فاتورة إلى',
    code: 'رمز العميل',
    taxId: 'الرقم الضريبي',
    issueDate: 'تاريخ الإصدار',
    dueDate: 'تاريخ الاستحقاق',
    period: 'فترة الفوترة',
    terms: 'شروط الدفع',
    termsText: (d) => (d === 0 ? 'مستحقة عند الاستلام' : `${d} يومًا`),
    description: 'الوصف',
    quantity: 'الكمية',
    unit: 'الوحدة',
    unitPrice: 'سعر الوحدة',
    amount: 'المبلغ',
    units: { hour: 'ساعة', day: 'يوم', month: 'شهر', item: 'بند' },
    // No parentheses: right to left they would need mirroring.
    subtotal: (c) => `المجموع الفرعي ${c}`,
    tax: (r) => `الضريبة ${r}٪`,
    total: (c) => `الإجمالي ${c}`,
    payment: 'بيانات الدفع',
    reference: (n) => `يرجى ذكر ${n} عند الدفع.`,
    note: 'ملاحظة',
    cancelled: 'ملغاة',
    paid: (d) => `مدفوعة في ${d}`,
  },
};
