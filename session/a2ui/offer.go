package a2ui

import "github.com/parley-a2a/parley/a2aclient"

// Offer is A2UI as an extension parley activates with an agent whose
// card declares it: v0.9 when the card declares it, else v0.8; every
// message then carries a2uiClientCapabilities, the catalogs parley
// renders, in the shape of the activated version.
func Offer() a2aclient.ExtensionOffer {
	return a2aclient.ExtensionOffer{URIs: []string{ExtensionV09, ExtensionV08}, Metadata: Capabilities}
}

// Capabilities is the metadata a message carries while the A2UI
// extension uri is active: v0.8 {"a2uiClientCapabilities":
// {"supportedCatalogIds": [...]}}, v0.9 the same under "v0.9".
func Capabilities(uri string) map[string]any {
	switch uri {
	case ExtensionV08:
		return map[string]any{"a2uiClientCapabilities": map[string]any{"supportedCatalogIds": []any{CatalogV08}}}
	case ExtensionV09:
		return map[string]any{"a2uiClientCapabilities": map[string]any{"v0.9": map[string]any{"supportedCatalogIds": []any{CatalogV09}}}}
	}
	return nil
}
