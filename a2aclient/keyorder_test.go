package a2aclient

import (
	"reflect"
	"testing"
)

func TestKeyOrder(t *testing.T) {
	cases := map[string][]string{
		`{"to":"LIS","from":"BER","price":1}`:                 {"to", "from", "price"},
		`[{"from":"BER","to":"LIS"},{"to":"OPO","date":"x"}]`: {"from", "to", "date"},
		`{"nested":{"z":1,"a":2},"b":[1,2]}`:                  {"nested", "b"},
		`"just a string"`:                                     nil,
		`[1,2,3]`:                                             nil,
		`{"broken":`:                                          {"broken"},
		`[{"a":1},"mixed",{"b":2}]`:                           {"a"},
	}
	for in, want := range cases {
		if got := keyOrder([]byte(in)); !reflect.DeepEqual(got, want) {
			t.Errorf("keyOrder(%s) = %v, want %v", in, got, want)
		}
	}
}
