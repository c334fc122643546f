// The signing page's photo picker for a remark: photos from the phone's camera (or its files),
// made smaller on the phone as the driver app makes them (longest side 1600 px, JPEG) since they
// travel as data URLs, maybe over a weak signal, and shown before they are sent. A file this
// browser cannot decode goes as it is: the service judges every photo (media type, bytes, pixels)
// and the page says its answer. `window.remarkPhotos(input, list, words, onError)`.
(() => {
  'use strict';

  const MAX_PHOTOS = 5;
  const LONGEST_SIDE = 1600;
  const fill = (text, values) => text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));

  async function shrink(file) {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, LONGEST_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d').drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return canvas.toDataURL('image/jpeg', 0.82);
  }

  /** The file's own bytes; the label says image, the service decides from the bytes what it is. */
  function asIs(file) {
    return new Promise((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => {
        const type = /^image\/[a-z0-9.+-]+$/.test(file.type) ? file.type : 'image/jpeg';
        resolve(`data:${type};base64,${String(reader.result).slice(String(reader.result).indexOf(',') + 1)}`);
      };
      reader.onerror = () => reject(reader.error);
      reader.readAsDataURL(file);
    });
  }

  window.remarkPhotos = (input, list, words, onError) => {
    let photos = [];

    function render() {
      list.replaceChildren(
        ...photos.map((src, i) => {
          const item = document.createElement('li');
          const img = document.createElement('img');
          img.src = src;
          img.alt = fill(words.photoAlt, { number: i + 1 });
          const remove = document.createElement('button');
          remove.type = 'button';
          remove.className = 'secondary';
          remove.textContent = fill(words.removePhoto, { number: i + 1 });
          remove.addEventListener('click', () => {
            photos.splice(i, 1);
            render();
          });
          item.append(img, remove);
          return item;
        }),
      );
    }

    input.addEventListener('change', async () => {
      const files = [...input.files];
      input.value = '';
      onError('');
      for (const file of files) {
        if (photos.length >= MAX_PHOTOS) {
          onError(words.tooManyPhotos);
          break;
        }
        photos.push(await shrink(file).catch(() => asIs(file)));
      }
      render();
    });

    return {
      photos: () => [...photos],
      clear() {
        photos = [];
        render();
      },
    };
  };
})();
