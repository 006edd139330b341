'use strict';
/* global module */

/**
 * The browser build's `side-channel` (vite.config.ts `resolve.alias`): what qs (refine's query
 * strings) asks of it — get, set, has, delete and assert on a private map, object keys held weakly —
 * without the package's intrinsics and object-inspect, which it loads only to word an assertion
 * (about 12 KiB gzipped of the first list's JavaScript).
 */
module.exports = function getSideChannel() {
  var weak = new WeakMap();
  var strong = new Map();
  var isObject = function (key) {
    return key !== null && (typeof key === 'object' || typeof key === 'function');
  };
  var store = function (key) {
    return isObject(key) ? weak : strong;
  };
  var channel = {
    assert: function (key) {
      if (!channel.has(key)) throw new TypeError('Side channel does not contain the given key');
    },
    delete: function (key) {
      return store(key).delete(key);
    },
    get: function (key) {
      return store(key).get(key);
    },
    has: function (key) {
      return store(key).has(key);
    },
    set: function (key, value) {
      store(key).set(key, value);
    },
  };
  return channel;
};
