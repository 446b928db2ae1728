module varia

go 1.26.8
