// The version grid's Jest entry: imports from 'msw' as an msw user's test does;
// the runner maps 'msw' to mocklib for the mocklib half of each cell.
const { http, graphql, HttpResponse } = require('msw')
const { setupServer } = require('msw/node')
const axios = require('axios')
const defineCases = require('./cases.cjs')

defineCases({ http, graphql, HttpResponse, setupServer, axios: axios.default ?? axios }, { describe, test, expect, beforeAll, afterAll, afterEach })
