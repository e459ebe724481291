/**
 * How documents write money and dates: the site's own formatters (integer öre
 * to "1 234 kr"; dates on the Stockholm calendar), so a PDF says exactly what
 * the page and the e-mail say.
 */
export { formatSek as formatMoney, formatDateLong as formatDate } from "#core/site/format";
