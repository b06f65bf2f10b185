import { app } from 'electron';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the built pieces are. The app root is app.getAppPath(): the repository in development
 * (`electron .`), the asar archive when packaged; both hold dist/ and resources/.
 */
export interface AppPaths {
  root: string;
  renderer: string;
  builtinPages: string;
  icons: string;
  appIcon: string;
  preload: { engram: string; builtinPage: string; recorder: string; screenStream: string };
}

export function appPaths(): AppPaths {
  const root = app.getAppPath();
  // The preloads are built next to this file's compiled output (dist/electron/desktop/preload).
  const preloadDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'preload');
  const icons = path.join(root, 'resources', 'icons');
  return {
    root,
    renderer: path.join(root, 'dist', 'renderer'),
    builtinPages: path.join(root, 'resources', 'pages'),
    icons,
    appIcon: path.join(icons, 'icon-512.png'),
    preload: {
      engram: path.join(preloadDir, 'engram.cjs'),
      builtinPage: path.join(preloadDir, 'builtin-page.cjs'),
      recorder: path.join(preloadDir, 'recorder.cjs'),
      screenStream: path.join(preloadDir, 'screen-stream.cjs'),
    },
  };
}
