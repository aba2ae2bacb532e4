/**
 * 'Export Sales': a CSV of the sales ordered between two days, for an accountant. The server writes the
 * file and answers a link signed for a few minutes, which the browser follows at once (a download: the
 * page stays). From the first of the year to today by default.
 */
import { useState } from 'react';
import { SALES_EXPORT_RANGE_TEXT } from '#shared/texts/sales-texts';
import { ErrorMessage } from '../../components/error-message';
import { TextField } from '../../components/form-field';
import { useServices } from '../../lib/services';
import { useFormSubmit } from '../../lib/use-form-submit';
import { earningsTexts as texts } from './texts';

const today = () => new Date().toISOString().slice(0, 10);

export function SalesExportForm() {
  const { api, assignLocation } = useServices();
  const [range, setRange] = useState(() => ({ from: `${today().slice(0, 4)}-01-01`, to: today() }));
  const [done, setDone] = useState<number | null>(null);
  const { error, busy, submit } = useFormSubmit({
    validate: () => (!range.from || !range.to || range.from > range.to ? SALES_EXPORT_RANGE_TEXT : null),
    send: async () => {
      setDone(null);
      const file = await api.exportSales(undefined, range);
      setDone(file.orders);
      assignLocation(file.url);
    },
    failure: texts.exportFailed,
    stayBusy: false,
  });
  return (
    <form
      className="earnings-export"
      onSubmit={submit}
      noValidate
      aria-busy={busy}
      aria-labelledby="export-title"
    >
      <h3 id="export-title">{texts.exportTitle}</h3>
      <p className="hint">{texts.exportHint}</p>
      <div className="earnings-export-range">
        <TextField
          label={texts.from}
          type="date"
          value={range.from}
          onChange={(from) => setRange((r) => ({ ...r, from }))}
        />
        <TextField
          label={texts.to}
          type="date"
          value={range.to}
          onChange={(to) => setRange((r) => ({ ...r, to }))}
        />
      </div>
      <ErrorMessage message={error} />
      {done !== null && (
        <p className="success-message" role="status">
          {texts.exported(done)}
        </p>
      )}
      <button type="submit" className="button" disabled={busy}>
        {busy ? texts.exporting : texts.exportButton}
      </button>
    </form>
  );
}
