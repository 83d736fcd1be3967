// Package a2uitest holds the A2UI surfaces the tests of session/a2ui,
// ui/chat and cli share, written once.
package a2uitest

// The catalog surface: one of every component of a version's standard
// catalog, and one no catalog has (Chart), bound to a small data model.
// Surface "s", root "root"; the button "btn" sends action "book".

// everyV08Messages are the v0.8 messages of the surface, short of
// beginRendering.
const everyV08Messages = `[
{"surfaceUpdate": {"surfaceId": "s", "components": [
 {"id": "root", "component": {"Column": {"children": {"explicitList": ["title", "img", "icon", "video", "audio", "row", "list", "card", "tabs", "modal", "div", "btn", "check", "field", "when", "pick", "slide", "chart"]}}}},
 {"id": "title", "component": {"Text": {"text": {"literalString": "Book a table"}, "usageHint": "h1"}}},
 {"id": "img", "component": {"Image": {"url": {"literalString": "https://img.test/a.png"}, "altText": {"literalString": "the dining room"}}}},
 {"id": "icon", "component": {"Icon": {"name": {"literalString": "calendar"}}}},
 {"id": "video", "component": {"Video": {"url": {"literalString": "https://v.test/a.mp4"}}}},
 {"id": "audio", "component": {"AudioPlayer": {"url": {"literalString": "https://a.test/a.mp3"}, "description": {"literalString": "the chef speaks"}}}},
 {"id": "row", "component": {"Row": {"children": {"explicitList": ["t1"]}}}},
 {"id": "t1", "component": {"Text": {"text": {"path": "/name"}}}},
 {"id": "list", "component": {"List": {"direction": "vertical", "children": {"template": {"componentId": "item", "dataBinding": "/dishes"}}}}},
 {"id": "item", "component": {"Text": {"text": {"path": "title"}}}},
 {"id": "card", "component": {"Card": {"child": "t1"}}},
 {"id": "tabs", "component": {"Tabs": {"tabItems": [{"title": {"literalString": "Menu"}, "child": "t1"}]}}},
 {"id": "modal", "component": {"Modal": {"entryPointChild": "t1", "contentChild": "title"}}},
 {"id": "div", "component": {"Divider": {"axis": "horizontal"}}},
 {"id": "btn", "component": {"Button": {"child": "btntext", "primary": true, "action": {"name": "book", "context": [{"key": "who", "value": {"path": "/name"}}, {"key": "n", "value": {"literalNumber": 2}}]}}}},
 {"id": "btntext", "component": {"Text": {"text": {"literalString": "Book"}}}},
 {"id": "check", "component": {"CheckBox": {"label": {"literalString": "Terrace"}, "value": {"path": "/terrace"}}}},
 {"id": "field", "component": {"TextField": {"label": {"literalString": "Name"}, "text": {"path": "/name"}, "textFieldType": "shortText"}}},
 {"id": "when", "component": {"DateTimeInput": {"value": {"path": "/when"}, "enableDate": true, "enableTime": true}}},
 {"id": "pick", "component": {"MultipleChoice": {"selections": {"path": "/diet"}, "maxAllowedSelections": 1, "options": [{"label": {"literalString": "Vegan"}, "value": "vegan"}, {"label": {"literalString": "None"}, "value": "none"}]}}},
 {"id": "chart", "component": {"Chart": {"data": {"literalString": "x"}}}},
 {"id": "slide", "component": {"Slider": {"value": {"path": "/guests"}, "minValue": 1, "maxValue": 12}}}
]}},
{"dataModelUpdate": {"surfaceId": "s", "contents": [
 {"key": "name", "valueString": "Ada"}, {"key": "terrace", "valueBoolean": true}, {"key": "when", "valueString": "2026-12-01T19:30"},
 {"key": "guests", "valueNumber": 4}, {"key": "diet", "valueMap": [{"key": "0", "valueString": "vegan"}]},
 {"key": "dishes", "valueMap": [{"key": "a", "valueMap": [{"key": "title", "valueString": "Soup"}]}, {"key": "b", "valueMap": [{"key": "title", "valueString": "Pie"}]}]}
]}}`

// BeginV08 is the v0.8 message that makes the catalog surface ready.
const BeginV08 = `{"beginRendering": {"surfaceId": "s", "root": "root"}}`

// EveryV08 is the catalog surface in v0.8, not ready yet: a v0.8
// surface draws only after BeginV08.
const EveryV08 = everyV08Messages + "\n]"

// EveryV08Ready is EveryV08 with BeginV08: ready to draw.
const EveryV08Ready = everyV08Messages + ",\n" + BeginV08 + "\n]"

// EveryV09 is the same surface in v0.9's shape and names, ready once
// applied.
const EveryV09 = `[
{"version": "v0.9", "createSurface": {"surfaceId": "s", "catalogId": "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}},
{"version": "v0.9", "updateDataModel": {"surfaceId": "s", "value": {"name": "Ada", "terrace": true, "when": "2026-12-01T19:30", "guests": 4, "diet": ["vegan"], "dishes": [{"title": "Soup"}, {"title": "Pie"}]}}},
{"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": [
 {"id": "title", "component": "Text", "text": "Book a table", "variant": "h1"},
 {"id": "img", "component": "Image", "url": "https://img.test/a.png", "description": "the dining room"},
 {"id": "icon", "component": "Icon", "name": "calendar"},
 {"id": "video", "component": "Video", "url": "https://v.test/a.mp4"},
 {"id": "audio", "component": "AudioPlayer", "url": "https://a.test/a.mp3", "description": "the chef speaks"},
 {"id": "row", "component": "Row", "children": ["t1"]},
 {"id": "t1", "component": "Text", "text": {"path": "/name"}},
 {"id": "list", "component": "List", "direction": "vertical", "children": {"componentId": "item", "path": "/dishes"}},
 {"id": "item", "component": "Text", "text": {"path": "title"}},
 {"id": "card", "component": "Card", "child": "t1"},
 {"id": "tabs", "component": "Tabs", "tabs": [{"title": "Menu", "child": "t1"}]},
 {"id": "modal", "component": "Modal", "trigger": "t1", "content": "title"},
 {"id": "div", "component": "Divider", "axis": "horizontal"},
 {"id": "btn", "component": "Button", "child": "btntext", "variant": "primary", "action": {"event": {"name": "book", "context": {"who": {"path": "/name"}, "n": 2}}}},
 {"id": "btntext", "component": "Text", "text": "Book"},
 {"id": "check", "component": "CheckBox", "label": "Terrace", "value": {"path": "/terrace"}},
 {"id": "field", "component": "TextField", "label": "Name", "value": {"path": "/name"}, "variant": "shortText"},
 {"id": "when", "component": "DateTimeInput", "value": {"path": "/when"}, "enableDate": true, "enableTime": true},
 {"id": "pick", "component": "ChoicePicker", "variant": "mutuallyExclusive", "value": {"path": "/diet"}, "options": [{"label": "Vegan", "value": "vegan"}, {"label": "None", "value": "none"}]},
 {"id": "chart", "component": "Chart", "data": "x"},
 {"id": "slide", "component": "Slider", "value": {"path": "/guests"}, "min": 1, "max": 12},
 {"id": "root", "component": "Column", "children": ["title", "img", "icon", "video", "audio", "row", "list", "card", "tabs", "modal", "div", "btn", "check", "field", "when", "pick", "slide", "chart"]}
]}}
]`

// The tabs-and-modal surface: a Tabs of two tabs (Lunch: a text field
// "Note"; Dinner: a check box "Candles"), a Modal opened by a button
// "Policy" whose content is a text and a check box "I agree", and a
// button "Book". Surface "t".

// TabsModalV08 is the tabs-and-modal surface in v0.8, ready.
const TabsModalV08 = `[
{"surfaceUpdate": {"surfaceId": "t", "components": [
 {"id": "root", "component": {"Column": {"children": {"explicitList": ["tabs", "policy", "book"]}}}},
 {"id": "tabs", "component": {"Tabs": {"tabItems": [{"title": {"literalString": "Lunch"}, "child": "lunch"}, {"title": {"literalString": "Dinner"}, "child": "dinner"}]}}},
 {"id": "lunch", "component": {"TextField": {"label": {"literalString": "Note"}, "text": {"path": "/note"}}}},
 {"id": "dinner", "component": {"CheckBox": {"label": {"literalString": "Candles"}, "value": {"path": "/candles"}}}},
 {"id": "policy", "component": {"Modal": {"entryPointChild": "policyButton", "contentChild": "policyBody"}}},
 {"id": "policyButton", "component": {"Button": {"child": "policyLabel", "action": {"name": "policy"}}}},
 {"id": "policyLabel", "component": {"Text": {"text": {"literalString": "Policy"}}}},
 {"id": "policyBody", "component": {"Column": {"children": {"explicitList": ["policyText", "agree"]}}}},
 {"id": "policyText", "component": {"Text": {"text": {"literalString": "Cancel up to an hour before."}}}},
 {"id": "agree", "component": {"CheckBox": {"label": {"literalString": "I agree"}, "value": {"path": "/agree"}}}},
 {"id": "book", "component": {"Button": {"child": "bookLabel", "primary": true, "action": {"name": "book"}}}},
 {"id": "bookLabel", "component": {"Text": {"text": {"literalString": "Book"}}}}
]}},
{"dataModelUpdate": {"surfaceId": "t", "contents": [{"key": "note", "valueString": ""}, {"key": "candles", "valueBoolean": false}, {"key": "agree", "valueBoolean": false}]}},
{"beginRendering": {"surfaceId": "t", "root": "root"}}
]`

// TabsModalV09 is the same surface in v0.9's shape and names.
const TabsModalV09 = `[
{"version": "v0.9", "createSurface": {"surfaceId": "t", "catalogId": "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}},
{"version": "v0.9", "updateDataModel": {"surfaceId": "t", "value": {"note": "", "candles": false, "agree": false}}},
{"version": "v0.9", "updateComponents": {"surfaceId": "t", "components": [
 {"id": "root", "component": "Column", "children": ["tabs", "policy", "book"]},
 {"id": "tabs", "component": "Tabs", "tabs": [{"title": "Lunch", "child": "lunch"}, {"title": "Dinner", "child": "dinner"}]},
 {"id": "lunch", "component": "TextField", "label": "Note", "value": {"path": "/note"}},
 {"id": "dinner", "component": "CheckBox", "label": "Candles", "value": {"path": "/candles"}},
 {"id": "policy", "component": "Modal", "trigger": "policyButton", "content": "policyBody"},
 {"id": "policyButton", "component": "Button", "child": "policyLabel", "action": {"event": {"name": "policy"}}},
 {"id": "policyLabel", "component": "Text", "text": "Policy"},
 {"id": "policyBody", "component": "Column", "children": ["policyText", "agree"]},
 {"id": "policyText", "component": "Text", "text": "Cancel up to an hour before."},
 {"id": "agree", "component": "CheckBox", "label": "I agree", "value": {"path": "/agree"}},
 {"id": "book", "component": "Button", "child": "bookLabel", "variant": "primary", "action": {"event": {"name": "book"}}},
 {"id": "bookLabel", "component": "Text", "text": "Book"}
]}}
]`
