// Passphrase page: create a passphrase (no usable keychain) or unlock with it.
'use strict';

const $ = (id) => document.getElementById(id);
let mode = 'unlock';

async function call(action, input) {
  const res = await window.engramPage.call(action, input);
  if (!res || res.ok !== true) throw new Error((res && res.error) || 'Something went wrong.');
  return res.output;
}

function show(request) {
  mode = request.mode;
  const creating = mode === 'create';
  document.title = creating ? 'Protect Engram' : 'Unlock Engram';
  $('title').textContent = creating ? 'Choose a passphrase' : 'Unlock Engram';
  $('reason').textContent = request.reason;
  $('submit').textContent = creating ? 'Protect and start' : 'Unlock';
  $('confirm-row').classList.toggle('hidden', !creating);
  $('confirm').required = creating;
  $('error').textContent = request.error || '';
  $('pass').value = '';
  $('confirm').value = '';
  $('pass').focus();
}

function setBusy(busy) {
  $('submit').disabled = busy;
  $('cancel').disabled = busy;
}

async function init() {
  try {
    const request = await call('passphrase.info');
    if (request) show(request);
  } catch (err) {
    $('error').textContent = err.message;
  }
  $('form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const passphrase = $('pass').value;
    if (mode === 'create' && passphrase !== $('confirm').value) {
      $('error').textContent = 'The two passphrases differ.';
      return;
    }
    setBusy(true);
    $('error').textContent = mode === 'create' ? 'Protecting your key…' : 'Unlocking…';
    try {
      const outcome = await call('passphrase.submit', { passphrase });
      if (!outcome.done) show(outcome.request);
    } catch (err) {
      $('error').textContent = err.message;
    } finally {
      setBusy(false);
    }
  });
  $('cancel').addEventListener('click', () => {
    call('passphrase.cancel').catch(() => {});
  });
}

init();
