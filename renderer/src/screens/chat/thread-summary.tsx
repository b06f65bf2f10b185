import type { ChatThreadSummary } from '../../../../shared/api/index.js';

/** "Earlier in this conversation…": what a long thread's older turns were folded into, as the model now sees them. */
export function ThreadSummary({ summary }: { summary: ChatThreadSummary }) {
  return (
    <details className="thread-summary" data-testid="thread-summary">
      <summary>
        Earlier in this conversation… <span className="faint">({summary.covered_messages} older messages, summarised)</span>
      </summary>
      <p>{summary.text}</p>
    </details>
  );
}
