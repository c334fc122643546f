// The signature pad of the signing page: pointer events cover touch, pen and mouse. Strokes are
// kept in CSS pixels so a resize (turning the phone) redraws them at the new size. Its own file so
// that the page's script (sign-app.js, loaded after it) is about the steps; no third-party code
// (the page's CSP allows only this origin). Sets window.signaturePad(canvas, { enabled, onStroke }).
(() => {
  'use strict';

  window.signaturePad = (canvas, { enabled, onStroke }) => {
    const ink = canvas.getContext('2d');
    const strokes = [];
    let drawing = null;

    function paint() {
      const ratio = window.devicePixelRatio || 1;
      const width = canvas.clientWidth;
      const height = canvas.clientHeight;
      if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
        canvas.width = Math.round(width * ratio);
        canvas.height = Math.round(height * ratio);
      }
      ink.setTransform(ratio, 0, 0, ratio, 0, 0);
      ink.clearRect(0, 0, width, height);
      ink.lineWidth = 2.5;
      ink.lineCap = 'round';
      ink.lineJoin = 'round';
      ink.strokeStyle = '#10246b';
      for (const stroke of strokes) {
        ink.beginPath();
        ink.moveTo(stroke[0].x, stroke[0].y);
        if (stroke.length === 1) ink.lineTo(stroke[0].x + 0.1, stroke[0].y + 0.1);
        for (const point of stroke.slice(1)) ink.lineTo(point.x, point.y);
        ink.stroke();
      }
    }

    const pointAt = (event) => {
      const box = canvas.getBoundingClientRect();
      return { x: event.clientX - box.left, y: event.clientY - box.top };
    };
    canvas.addEventListener('pointerdown', (event) => {
      if (event.button !== 0 || !enabled()) return;
      event.preventDefault();
      canvas.setPointerCapture(event.pointerId);
      drawing = [pointAt(event)];
      strokes.push(drawing);
      onStroke();
      paint();
    });
    canvas.addEventListener('pointermove', (event) => {
      if (!drawing) return;
      const events = typeof event.getCoalescedEvents === 'function' ? event.getCoalescedEvents() : [event];
      for (const e of events.length ? events : [event]) drawing.push(pointAt(e));
      paint();
    });
    const endStroke = () => { drawing = null; };
    canvas.addEventListener('pointerup', endStroke);
    canvas.addEventListener('pointercancel', endStroke);
    window.addEventListener('resize', paint);

    return {
      paint,
      clear() {
        strokes.length = 0;
        paint();
      },
      isEmpty: () => strokes.length === 0,
      png: () => canvas.toDataURL('image/png'),
    };
  };
})();
