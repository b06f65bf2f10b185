// First-run consent page. Talks to the main process only through window.engramPage.call.
'use strict';

const $ = (id) => document.getElementById(id);

function setBusy(busy) {
  $('accept').disabled = busy;
  $('decline').disabled = busy;
}

async function call(action, input) {
  const res = await window.engramPage.call(action, input);
  if (!res || res.ok !== true) throw new Error((res && res.error) || 'Something went wrong.');
  return res.output;
}

async function init() {
  try {
    const info = await call('consent.info');
    $('data-dir').textContent = info.data_dir;
    if (info.permission_hint) {
      $('permission-hint').textContent = info.permission_hint;
      $('permission-hint').classList.remove('hidden');
    }
  } catch (err) {
    $('error').textContent = err.message;
  }
  $('accept').addEventListener('click', async () => {
    setBusy(true);
    $('error').textContent = '';
    try {
      await call('consent.accept', { audio: $('audio').checked, start_at_login: $('login').checked });
    } catch (err) {
      $('error').textContent = err.message;
      setBusy(false);
    }
  });
  $('decline').addEventListener('click', async () => {
    setBusy(true);
    try {
      await call('consent.decline');
    } catch (err) {
      $('error').textContent = err.message;
      setBusy(false);
    }
  });
  $('accept').focus();
}

init();
