import '@fontsource-variable/inter/wght.css';
import './styles/tokens.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/screens.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApiClient } from '../../shared/api/index.js';
import { ApiProvider } from './lib/api-context.js';
import { App } from './app/app.js';
import { NoConnection } from './app/no-connection.js';
import { SessionGate } from './app/session-gate.js';
import { useAppStore } from './state/app-store.js';
import { pickTransport } from './transport/pick-transport.js';

// Composition root of the renderer: the transport is picked at run time, never at build time.
const picked = pickTransport(window);
const root = createRoot(document.getElementById('root')!);

if (picked.kind === 'none') {
  root.render(<NoConnection reason="no-token" />);
} else {
  if (picked.kind === 'ws') {
    const ws = picked.transport;
    useAppStore.getState().setConnection(ws.state());
    ws.onState((s) => {
      useAppStore.getState().setConnection(s);
      if (s === 'unauthorized') root.render(<NoConnection reason="unauthorized" />);
    });
  } else {
    useAppStore.getState().setConnection('open');
  }
  const api = createApiClient(picked.transport);
  root.render(
    <StrictMode>
      <ApiProvider api={api}>
        <SessionGate>
          <App />
        </SessionGate>
      </ApiProvider>
    </StrictMode>,
  );
}
