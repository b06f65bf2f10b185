import { useApi } from '../../lib/api-context.js';
import { errorText, useAppStore } from '../../state/app-store.js';
import { IconDownload } from '../../ui/icons.js';
import { Card } from '../../ui/card.js';

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
    <Card
      id="export-h"
      icon={<IconDownload size={17} />}
      title="Export your memories"
      desc="All memories with where they came from and their history, as a file in your data folder. The export is not encrypted; “Delete everything” removes it too."
      aside={
        <div className="row">
          <button type="button" className="btn" onClick={() => void exportData('markdown')}>
            Markdown
          </button>
          <button type="button" className="btn" onClick={() => void exportData('json')}>
            JSON
          </button>
        </div>
      }
    />
  );
}
