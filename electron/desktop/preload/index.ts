import { contextBridge, ipcRenderer } from 'electron';
import { createEngramBridge } from './bridge.js';

// The main window's preload: `window.engram` with invoke and on, nothing else.
contextBridge.exposeInMainWorld('engram', createEngramBridge(ipcRenderer));
