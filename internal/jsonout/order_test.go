package jsonout

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
)

func TestDataPartKeepsKeyOrderThroughJSON(t *testing.T) {
	raw := `[{"from":"BER","to":"LIS","date":"2026-12-10","price":142},{"from":"LIS","to":"BER","date":"2026-12-20","price":98.5}]`
	var v any
	if err := json.Unmarshal([]byte(raw), &v); err != nil {
		t.Fatal(err)
	}
	p := a2aclient.Part{Kind: a2aclient.PartData, Data: v, KeyOrder: a2aclient.JSONKeyOrder([]byte(raw))}
	b, err := json.Marshal(PartToJSON(p))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `{"from":"BER","to":"LIS","date":"2026-12-10","price":142}`) {
		t.Errorf("encoded out of order: %s", b)
	}
	var back PartJSON
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	got := PartFromJSON(back)
	if strings.Join(got.KeyOrder, " ") != "from to date price" {
		t.Errorf("key order read back: %v", got.KeyOrder)
	}
	if direct := PartFromJSON(PartToJSON(p)); strings.Join(direct.KeyOrder, " ") != "from to date price" {
		t.Errorf("key order without encoding: %v", direct.KeyOrder)
	}
}
