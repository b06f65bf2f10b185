import { useApi } from '../../lib/api-context.js';
import { errorText, useAppStore } from '../../state/app-store.js';
import { IconDownload } from '../../ui/icons.js';

/** Exports every memory, with provenance and history, as Markdown or JSON. */
export function ExportCard() {
  const api = useApi();
  const toast = useAppStore((s) => s.toast);

  async function exportData(format: 'json' | 'markdown') {
    try {
      const r = await api.call('export.run', { format });
      toast(r.path ? `Exporting to ${r.path}` : 'Export started; progress shows in the sidebar.');
    } catch (e) {
      toast(errorText(e), 'error');
    }
  }

  return (
    <section className="card" aria-labelledby="export-h">
      <div className="card-header">
        <div className="card-header-icon">
          <IconDownload size={17} />
        </div>
        <div className="grow">
          <div className="card-title" id="export-h">
            Export your memories
          </div>
          <div className="card-desc">All memories with where they came from and their history, as a file in your data folder. The export is not encrypted.</div>
        </div>
        <div className="row">
          <button type="button" className="btn" onClick={() => void exportData('markdown')}>
            Markdown
          </button>
          <button type="button" className="btn" onClick={() => void exportData('json')}>
            JSON
          </button>
        </div>
      </div>
      <div className="card-body" />
    </section>
  );
}
